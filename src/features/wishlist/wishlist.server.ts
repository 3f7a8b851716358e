// Wishlists of signed-in customers: one row per (customer, product), saved and removed one request at
// a time, and a guest's browser list folded in when they sign in (as the cart is). Archived products
// stay saved but are not listed (they have no page); saving one is refused.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { refuse, type FormOutcome, type FormRefusal, type PostedForm } from '../../server/http/form.server';
import { parseProductIds, WISHLIST_MAX, WISHLIST_MESSAGES } from './wishlist';

const w = t.wishlistItems;

/** The customer's saved product ids, newest first. */
export async function wishlistIds(userId: string): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ productId: w.productId })
    .from(w)
    .where(eq(w.userId, userId))
    .orderBy(desc(w.createdAt), desc(w.productId));
  return rows.map((r) => r.productId);
}

export type WishlistAnswer = { ok: true; saved: boolean; name: string; ids: number[] } | FormRefusal;

/** Saves (saved: true), removes (false) or toggles (undefined) one product. */
export async function setSaved(userId: string, productIdInput: unknown, saved?: boolean): Promise<WishlistAnswer> {
  const [productId] = parseProductIds([productIdInput]);
  if (!productId) return refuse('unprocessable', WISHLIST_MESSAGES.bad);
  const db = await getDb();
  const [product] = await db
    .select({ name: t.products.name, archivedAt: t.products.archivedAt })
    .from(t.products)
    .where(eq(t.products.id, productId));
  if (!product) return refuse('not_found', WISHLIST_MESSAGES.noProduct);
  const result = await db.transaction(async (tx) => {
    // One customer's changes one at a time, so the cap holds under two quick taps.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wishlist'), hashtext(${userId}))`);
    const [existing] = await tx
      .select({ productId: w.productId })
      .from(w)
      .where(and(eq(w.userId, userId), eq(w.productId, productId)));
    const save = saved ?? !existing;
    if (!save) {
      await tx.delete(w).where(and(eq(w.userId, userId), eq(w.productId, productId)));
      return { ok: true as const, saved: false };
    }
    if (existing) return { ok: true as const, saved: true };
    if (product.archivedAt) return refuse('not_found', WISHLIST_MESSAGES.noProduct);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(w)
      .where(eq(w.userId, userId));
    if (count >= WISHLIST_MAX) return refuse('conflict', WISHLIST_MESSAGES.full);
    await tx.insert(w).values({ userId, productId });
    return { ok: true as const, saved: true };
  });
  if (!result.ok) return result;
  return { ...result, name: product.name, ids: await wishlistIds(userId) };
}

/**
 * The heart's form post (no JavaScript): toggles the product and goes back to `back`, the page on this
 * site where the heart was pressed (the wishlist itself says what happened). A guest is sent to sign in
 * first and then back there.
 */
export async function wishlistFormRequest(
  user: { id: string } | null,
  form: PostedForm,
  back: string,
): Promise<FormOutcome> {
  if (!user) return { ok: true, redirect: `/sign-in?redirect=${encodeURIComponent(back)}` };
  const answer = await setSaved(user.id, form.raw('productId'));
  if (!answer.ok) return answer;
  return { ok: true, redirect: back === '/wishlist' ? `/wishlist?${answer.saved ? 'saved' : 'removed'}` : back };
}

/** Folds a guest's browser list into the account's (products on sale only, up to the cap); the account's ids. */
export async function mergeWishlist(userId: string, idsInput: unknown): Promise<number[]> {
  const ids = parseProductIds(idsInput);
  const db = await getDb();
  if (ids.length) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wishlist'), hashtext(${userId}))`);
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
        .from(w)
        .where(eq(w.userId, userId));
      const onSale = await tx
        .select({ id: t.products.id })
        .from(t.products)
        .where(and(inArray(t.products.id, ids), isNull(t.products.archivedAt)));
      const have = new Set(
        (
          await tx
            .select({ productId: w.productId })
            .from(w)
            .where(and(eq(w.userId, userId), inArray(w.productId, ids)))
        ).map((r) => r.productId),
      );
      const fresh = ids
        .filter((id) => onSale.some((p) => p.id === id) && !have.has(id))
        .slice(0, Math.max(0, WISHLIST_MAX - count));
      if (fresh.length)
        await tx
          .insert(w)
          .values(fresh.map((productId) => ({ userId, productId })))
          .onConflictDoNothing();
    });
  }
  return wishlistIds(userId);
}
