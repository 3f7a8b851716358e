import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../lib/cart';
import type { PricedCart } from './cart.schema';
import { applyServerPrices, toPriceRequest } from './server-prices';

const items: CartItem[] = [
  { id: '1', productId: 1, name: 'Shilajit', price: 500, image: '', quantity: 2 },
  { id: '2:3m', productId: 2, name: 'Ashwagandha', price: 1617, image: '', quantity: 1, subscriptionDurationMonths: 3, subscriptionLabel: '3 months' },
  { id: '9', productId: 9, name: 'Gone', price: 100, image: '', quantity: 1 },
];

const priced: PricedCart = {
  lines: [
    { id: '1', productId: 1, months: 1, quantity: 2, unitPrice: 999, lineTotal: 1998, name: 'Himalayan Shilajit Resin' },
    { id: '2:3m', productId: 2, months: 3, quantity: 1, unitPrice: 1617, lineTotal: 1617, name: 'Ashwagandha' },
  ],
  subtotal: 3615, discount: null, total: 3615,
  dropped: [{ productId: 9, months: 1, note: 'Product 9 is no longer available.' }],
};

describe('server prices in the browser', () => {
  it('sends product, plan months (1 by default) and quantity, and the code only when there is one', () => {
    expect(toPriceRequest(items.slice(0, 2), null)).toEqual({ items: [{ productId: 1, months: 1, quantity: 2 }, { productId: 2, months: 3, quantity: 1 }] });
    expect(toPriceRequest([], 'save10')).toEqual({ items: [], code: 'save10' });
  });

  it("lets the server's unit price and name win and drops lines it could not price", () => {
    expect(applyServerPrices(items, priced)).toEqual([
      { ...items[0], price: 999, name: 'Himalayan Shilajit Resin' },
      items[1],
    ]);
  });

  it('returns the same array when nothing changed', () => {
    const settled = applyServerPrices(items, priced);
    expect(applyServerPrices(settled, priced)).toBe(settled);
  });
});
