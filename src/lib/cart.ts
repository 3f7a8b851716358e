// Cart transitions (spec §4), pure so the store, the server and the tests share them.
export interface CartItem {
  id: string;                       // `${productId}` or `${productId}:${months}m` for plan purchases
  productId: number;
  slug?: string;
  name: string;
  price: number;                    // displayed price of one line unit (₹, whole), checked by the server at checkout
  image: string;
  quantity: number;
  subscriptionDurationMonths?: number;
  subscriptionLabel?: string;
}

export const cartItemId = (productId: number, months?: number) => (months && months > 1 ? `${productId}:${months}m` : String(productId));

/** Adding an item already in the cart raises its quantity (by 1 unless told); a new item enters with that quantity. */
export function addItem(items: CartItem[], item: Omit<CartItem, 'quantity'>, quantity = 1): CartItem[] {
  const step = Math.max(1, Math.floor(quantity));
  const existing = items.find((i) => i.id === item.id);
  if (existing) return items.map((i) => (i.id === item.id ? { ...i, quantity: i.quantity + step } : i));
  return [...items, { ...item, quantity: step }];
}

/** A quantity below 1 removes the item. */
export function setQuantity(items: CartItem[], id: string, quantity: number): CartItem[] {
  if (!(quantity >= 1)) return removeItem(items, id);
  return items.map((i) => (i.id === id ? { ...i, quantity: Math.floor(quantity) } : i));
}

export const removeItem = (items: CartItem[], id: string) => items.filter((i) => i.id !== id);
export const clearItems = (): CartItem[] => [];

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
    return value.filter((i) => i && typeof i.id === 'string' && typeof i.name === 'string'
      && Number.isFinite(i.price) && Number.isInteger(i.quantity) && i.quantity >= 1
      && Number.isInteger(i.productId));
  } catch {
    return [];
  }
}

/** Two carts as one (a device's cart joining the account's on sign-in): the same line adds up. */
export function mergeCarts(base: CartItem[], incoming: CartItem[]): CartItem[] {
  return incoming.reduce((merged, item) => addItem(merged, item, item.quantity), base);
}
