// The cart is a server resource: a `carts` row per shopper, found by an HttpOnly cookie (guests) or the
// account (signed in). Every change is one transaction on a locked cart row, answered with the whole
// priced cart, so two tabs, a quick page change or a form posted before the page's JavaScript loaded
// can never lose or resurrect an item. Signing in folds the device's guest cart into the account's.
import type { AstroCookies } from 'astro';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { cartLines, carts } from '../../db/schema';
import { siteOrigin } from '../../server/http/site-origin.server';
import { findUsableCoupon } from '../rewards/rewards.server';
import { findStoreCode, loadQuoteLines, priceCartLines, type Executor, type Shopper } from '../pricing/pricing.server';
import type { PaymentMethod } from '../../lib/payments';
import { DomainError } from '../../lib/errors';
import { INVALID_DISCOUNT_MESSAGE, normaliseCode } from '../pricing/quote';
import { CART_MESSAGES, MAX_CART_LINES, MAX_LINE_QUANTITY, type CartChange, type CartView } from './cart.schema';

/** The guest's cart id (HttpOnly). */
export const CART_COOKIE = 'cart_id';
/** `{cart}.{revision}`, readable by the page's script: a different value means its copy is stale. */
export const CART_REVISION_COOKIE = 'cart_rev';
const COOKIE_MAX_AGE = 60 * 60 * 24 * 60; // 60 days
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CartRef {
  id: string;
  userId: string | null;
  code: string | null;
  revision: number;
}

interface CartRequest {
  cookies: AstroCookies;
  shopper: Shopper | null;
}

const cartColumns = { id: carts.id, userId: carts.userId, code: carts.code, revision: carts.revision };

function guestCartId(cookies: AstroCookies): string | null {
  const value = cookies.get(CART_COOKIE)?.value;
  return value && UUID.test(value) ? value.toLowerCase() : null;
}

async function findGuestCart(executor: Executor, id: string | null): Promise<CartRef | null> {
  if (!id) return null;
  const [row] = await executor
    .select(cartColumns)
    .from(carts)
    .where(and(eq(carts.id, id), isNull(carts.userId)));
  return row ?? null;
}

/** The account's cart, made if need be, with the guest cart of this device folded in (quantities added). */
async function accountCart(userId: string, guestId: string | null): Promise<CartRef> {
  const db = await getDb();
  if (!guestId) {
    const [mine] = await db.select(cartColumns).from(carts).where(eq(carts.userId, userId));
    if (mine) return mine;
  }
  return db.transaction(async (tx) => {
    await tx.insert(carts).values({ userId }).onConflictDoNothing();
    const [mine] = await tx.select(cartColumns).from(carts).where(eq(carts.userId, userId)).for('update');
    const [guest] = guestId
      ? await tx
          .select(cartColumns)
          .from(carts)
          .where(and(eq(carts.id, guestId), isNull(carts.userId)))
          .for('update')
      : [];
    if (!guest) return mine;
    await tx.execute(sql`insert into cart_lines (cart_id, product_id, months, quantity)
      select ${mine.id}, product_id, months, quantity from cart_lines where cart_id = ${guest.id}
      on conflict (cart_id, product_id, months) do update set quantity = least(cart_lines.quantity + excluded.quantity, ${MAX_LINE_QUANTITY})`);
    await tx.delete(carts).where(eq(carts.id, guest.id));
    const [merged] = await tx
      .update(carts)
      .set({ code: mine.code ?? guest.code, revision: mine.revision + 1, updatedAt: new Date() })
      .where(eq(carts.id, mine.id))
      .returning(cartColumns);
    return merged;
  });
}

/**
 * The shopper's cart. A guest without one gets null unless `create` (the first add makes it); a
 * signed-in shopper always has one, and the device's guest cart joins it on the first request after
 * signing in.
 */
export async function findCart(
  shopper: Shopper | null,
  guestId: string | null,
  create = false,
): Promise<CartRef | null> {
  if (shopper) return accountCart(shopper.id, guestId);
  const db = await getDb();
  const existing = await findGuestCart(db, guestId);
  if (existing || !create) return existing;
  const [made] = await db.insert(carts).values({}).returning(cartColumns);
  return made;
}

/** This request's cart (see findCart); the guest cookie goes once the cart belongs to the account. */
export async function currentCart({ cookies, shopper }: CartRequest, create = false): Promise<CartRef | null> {
  const guestId = guestCartId(cookies);
  const cart = await findCart(shopper, guestId, create);
  if (shopper && guestId) cookies.delete(CART_COOKIE, { path: '/' });
  return cart;
}

/** Keeps the browser's cookies in step with the cart (at `revision`) it was answered with. */
export function rememberCart(cookies: AstroCookies, cart: Pick<CartRef, 'id' | 'userId'> | null, revision: number) {
  if (!cart) {
    cookies.delete(CART_REVISION_COOKIE, { path: '/' });
    return;
  }
  const secure = siteOrigin().protocol === 'https:';
  if (!cart.userId)
    cookies.set(CART_COOKIE, cart.id, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: COOKIE_MAX_AGE });
  cookies.set(CART_REVISION_COOKIE, cartRevisionValue(cart.id, revision), {
    path: '/',
    sameSite: 'lax',
    secure,
    maxAge: COOKIE_MAX_AGE,
  });
}

const cartRevisionValue = (cartId: string, revision: number) => `${cartId.slice(0, 8)}.${revision}`;

/** Signing out: this device no longer holds the account's cart. */
export function forgetCart(cookies: AstroCookies) {
  cookies.delete(CART_COOKIE, { path: '/' });
  cookies.delete(CART_REVISION_COOKIE, { path: '/' });
}

/** The cart's lines, in the order they were added. */
export async function cartLineRequests(executor: Executor, cartId: string) {
  return executor
    .select({ productId: cartLines.productId, months: cartLines.months, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(cartLines.addedAt, cartLines.productId, cartLines.months);
}

/** Refuses a line change the store cannot honour: an unknown product or plan, too many, more than in stock. */
async function checkLine(
  tx: Executor,
  cartId: string,
  change: { productId: number; months: number; quantity: number },
) {
  const { lines, dropped } = await loadQuoteLines(tx, [change]);
  const line = lines[0];
  if (!line)
    throw new DomainError(
      'unprocessable',
      dropped[0]?.note.startsWith('Product') ? CART_MESSAGES.product : CART_MESSAGES.months,
    );
  if (change.quantity > MAX_LINE_QUANTITY) throw new DomainError('unprocessable', CART_MESSAGES.tooMany);
  // Stock is counted in monthly packs across every plan of the product in this cart.
  const others = (await cartLineRequests(tx, cartId)).filter(
    (l) => l.productId === change.productId && l.months !== change.months,
  );
  const packs = others.reduce((sum, l) => sum + l.months * l.quantity, 0) + change.months * change.quantity;
  if (line.stock <= 0) throw new DomainError('conflict', `${line.name} is out of stock.`);
  if (packs > line.stock) throw new DomainError('conflict', `Only ${line.stock} left of ${line.name}.`);
}

async function setLine(tx: Executor, cartId: string, productId: number, months: number, quantity: number) {
  await tx
    .insert(cartLines)
    .values({ cartId, productId, months, quantity })
    .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.productId, cartLines.months], set: { quantity } });
}

/** Null when this shopper may apply `code` (a store code with uses left, or their own unused coupon), else why not. */
async function codeRefusal(tx: Executor, code: string, shopper: Shopper | null): Promise<string | null> {
  const storeCode = code ? await findStoreCode(tx, code, { customerId: shopper?.id, email: shopper?.email }) : null;
  if (storeCode) return storeCode.unavailable ?? null;
  return code && shopper && (await findUsableCoupon(tx, shopper.id, code)) ? null : INVALID_DISCOUNT_MESSAGE;
}

/**
 * Applies one change in one transaction on the locked cart row. A refused change throws a DomainError and
 * changes nothing — except an invalid discount code, which (spec §5) also takes off the applied one.
 */
export async function changeCart(
  cart: CartRef,
  change: CartChange,
  shopper: Shopper | null,
): Promise<{ cart: CartRef; refusal: string | null }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [locked] = await tx.select(cartColumns).from(carts).where(eq(carts.id, cart.id)).for('update');
    if (!locked) throw new DomainError('conflict', CART_MESSAGES.notInCart);
    let code = locked.code;
    let refusal: string | null = null;
    const existing =
      'productId' in change
        ? (await cartLineRequests(tx, locked.id)).find(
            (l) => l.productId === change.productId && l.months === change.months,
          )
        : undefined;

    switch (change.intent) {
      case 'add': {
        const quantity = (existing?.quantity ?? 0) + change.quantity;
        if (!existing && (await cartLineRequests(tx, locked.id)).length >= MAX_CART_LINES)
          throw new DomainError('unprocessable', CART_MESSAGES.tooManyLines);
        await checkLine(tx, locked.id, { ...change, quantity });
        await setLine(tx, locked.id, change.productId, change.months, quantity);
        break;
      }
      case 'set':
        if (!existing) throw new DomainError('conflict', CART_MESSAGES.notInCart);
        if (change.quantity === 0) {
          await tx
            .delete(cartLines)
            .where(
              and(
                eq(cartLines.cartId, locked.id),
                eq(cartLines.productId, change.productId),
                eq(cartLines.months, change.months),
              ),
            );
        } else {
          // Lowering is always allowed (it is how a shopper fixes a stock problem); raising is checked.
          if (change.quantity > existing.quantity) await checkLine(tx, locked.id, change);
          await setLine(tx, locked.id, change.productId, change.months, change.quantity);
        }
        break;
      case 'remove':
        // Removing what another tab already removed is not an error: the cart ends up as asked.
        await tx
          .delete(cartLines)
          .where(
            and(
              eq(cartLines.cartId, locked.id),
              eq(cartLines.productId, change.productId),
              eq(cartLines.months, change.months),
            ),
          );
        break;
      case 'code':
        refusal = await codeRefusal(tx, change.code, shopper);
        code = refusal ? null : normaliseCode(change.code);
        break;
      case 'remove-code':
        code = null;
        break;
    }
    const [updated] = await tx
      .update(carts)
      .set({ code, revision: locked.revision + 1, updatedAt: new Date() })
      .where(eq(carts.id, locked.id))
      .returning(cartColumns);
    return { cart: updated, refusal };
  });
}

/** Empties a cart inside the caller's transaction (placing an order). */
export async function emptyCart(tx: Executor, cartId: string) {
  await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await tx
    .update(carts)
    // A new round: the next filling of this cart is reminded about afresh (features/reminders).
    .set({ code: null, revision: sql`${carts.revision} + 1`, round: sql`${carts.round} + 1`, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

/** The whole priced cart. Lines the store no longer sells are taken out (and reported once). */
export async function viewCart(
  cart: CartRef | null,
  shopper: Shopper | null,
  options: { usePoints?: boolean; paymentMethod?: PaymentMethod } = {},
): Promise<CartView> {
  const db = await getDb();
  const requests = cart ? await cartLineRequests(db, cart.id) : [];
  const { quote, dropped } = await priceCartLines(db, requests, {
    code: cart?.code ?? null,
    shopper,
    usePoints: options.usePoints,
    paymentMethod: options.paymentMethod,
  });
  let revision = cart?.revision ?? 0;
  if (cart && dropped.length) {
    await db.transaction(async (tx) => {
      for (const d of dropped) {
        await tx
          .delete(cartLines)
          .where(
            and(eq(cartLines.cartId, cart.id), eq(cartLines.productId, d.productId), eq(cartLines.months, d.months)),
          );
      }
      const [bumped] = await tx
        .update(carts)
        .set({ revision: sql`${carts.revision} + 1` })
        .where(eq(carts.id, cart.id))
        .returning({ revision: carts.revision });
      revision = bumped?.revision ?? revision;
    });
  }
  return {
    revision,
    quote,
    dropped,
    items: quote.lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      slug: l.slug,
      name: l.name,
      price: l.unitPrice,
      image: l.image,
      quantity: l.quantity,
      ...(l.months > 1 ? { subscriptionDurationMonths: l.months, subscriptionLabel: l.label } : {}),
    })),
  };
}
