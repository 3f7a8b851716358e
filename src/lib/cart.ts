// The browser's copy of the cart (spec §3 cart item; localStorage key `cart`). The server keeps the
// cart and decides every change (features/cart/cart.server.ts); this copy mirrors its last answer so
// badges show at once on the next page.
export interface CartItem {
  id: string; // `${productId}` or `${productId}:${months}m` for plan purchases
  productId: number;
  slug?: string;
  name: string;
  price: number; // the server's price of one line unit (₹, whole)
  image: string;
  quantity: number;
  subscriptionDurationMonths?: number;
  subscriptionLabel?: string;
}

/** Spec §3: totalItems = sum of quantities; totalPrice = sum of price × quantity. */
export function cartTotals(items: CartItem[]) {
  return {
    totalItems: items.reduce((sum, i) => sum + i.quantity, 0),
    totalPrice: items.reduce((sum, i) => sum + i.price * i.quantity, 0),
  };
}

/** Reads a stored cart defensively: anything malformed is dropped rather than breaking the page. */
export function parseStoredCart(raw: string | undefined | null): CartItem[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (i) =>
        i &&
        typeof i.id === 'string' &&
        typeof i.name === 'string' &&
        Number.isFinite(i.price) &&
        Number.isInteger(i.quantity) &&
        i.quantity >= 1 &&
        Number.isInteger(i.productId),
    );
  } catch {
    return [];
  }
}
