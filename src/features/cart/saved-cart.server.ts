// The account's cart on the server. Lines are checked like a stored cart and capped like a priced one.
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { savedCarts } from '../../db/schema';
import { mergeCarts, parseStoredCart, type CartItem } from '../../lib/cart';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart.schema';

/** Whatever the browser sent, as valid cart lines (malformed ones dropped, sizes capped). */
export function cleanCart(raw: unknown): CartItem[] {
  return parseStoredCart(JSON.stringify(Array.isArray(raw) ? raw : []))
    .slice(0, MAX_CART_LINES)
    .map((item) => ({ ...item, quantity: Math.min(item.quantity, MAX_LINE_QUANTITY) }));
}

export async function loadSavedCart(userId: string): Promise<CartItem[]> {
  const db = await getDb();
  const [row] = await db.select({ items: savedCarts.items }).from(savedCarts).where(eq(savedCarts.userId, userId));
  return cleanCart(row?.items ?? []);
}

export async function replaceSavedCart(userId: string, items: CartItem[]): Promise<CartItem[]> {
  const db = await getDb();
  const clean = cleanCart(items);
  await db.insert(savedCarts).values({ userId, items: clean })
    .onConflictDoUpdate({ target: savedCarts.userId, set: { items: clean, updatedAt: sql`now()` } });
  return clean;
}

/** Sign-in on a device: its cart joins the account's (quantities added), in one locked step. */
export async function mergeIntoSavedCart(userId: string, deviceItems: CartItem[]): Promise<CartItem[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.insert(savedCarts).values({ userId, items: [] }).onConflictDoNothing();
    const [row] = await tx.select({ items: savedCarts.items }).from(savedCarts).where(eq(savedCarts.userId, userId)).for('update');
    const merged = cleanCart(mergeCarts(cleanCart(row.items), cleanCart(deviceItems)));
    await tx.update(savedCarts).set({ items: merged, updatedAt: sql`now()` }).where(eq(savedCarts.userId, userId));
    return merged;
  });
}
