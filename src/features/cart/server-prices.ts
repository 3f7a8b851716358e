// Browser side of cart pricing: ask the server, then let its prices overwrite the stored ones.
import type { CartItem } from '../../lib/cart';
import type { PriceCartRequest, PricedCart } from './cart.schema';

export const lineMonths = (item: CartItem) => item.subscriptionDurationMonths ?? 1;

export function toPriceRequest(items: CartItem[], code: string | null): PriceCartRequest {
  return {
    items: items.map((item) => ({ productId: item.productId, months: lineMonths(item), quantity: item.quantity })),
    ...(code ? { code } : {}),
  };
}

export async function requestServerPrices(items: CartItem[], code: string | null, signal?: AbortSignal): Promise<PricedCart> {
  const response = await fetch('/api/cart/price', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(toPriceRequest(items, code)), signal,
  });
  if (!response.ok) throw new Error(`Pricing failed (${response.status})`);
  return response.json() as Promise<PricedCart>;
}

/**
 * The server wins: stored lines take its unit price and name, and lines it could not price are
 * dropped. Returns the same array when nothing changed, so callers can skip a store write.
 */
export function applyServerPrices(items: CartItem[], priced: PricedCart): CartItem[] {
  const isDropped = (item: CartItem) => priced.dropped.some((d) => d.productId === item.productId && d.months === lineMonths(item));
  let changed = false;
  const next: CartItem[] = [];
  for (const item of items) {
    if (isDropped(item)) { changed = true; continue; }
    const line = priced.lines.find((l) => l.productId === item.productId && l.months === lineMonths(item));
    if (line && (line.unitPrice !== item.price || line.name !== item.name)) {
      changed = true;
      next.push({ ...item, price: line.unitPrice, name: line.name });
    } else {
      next.push(item);
    }
  }
  return changed ? next : items;
}
