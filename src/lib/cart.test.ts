import { describe, expect, it } from 'vitest';
import { cartTotals, parseStoredCart, type CartItem } from './cart';

const ashwagandha = { id: '2', productId: 2, name: 'Ashwagandha', price: 599, image: '/a.png' };
const shilajitPlan = {
  id: '1:3m',
  productId: 1,
  name: 'Shilajit',
  price: 2697,
  image: '/s.png',
  subscriptionDurationMonths: 3,
  subscriptionLabel: '3 months',
};

describe('the browser copy of the cart (spec §3)', () => {
  it('totals items (sum of quantities) and price (sum of price × quantity)', () => {
    const items: CartItem[] = [
      { ...ashwagandha, quantity: 2 },
      { ...shilajitPlan, quantity: 1 },
    ];
    expect(cartTotals(items)).toEqual({ totalItems: 3, totalPrice: 599 * 2 + 2697 });
    expect(cartTotals([])).toEqual({ totalItems: 0, totalPrice: 0 });
  });

  it('reads a stored cart, dropping junk', () => {
    const good = { ...ashwagandha, quantity: 1 };
    expect(
      parseStoredCart(JSON.stringify([good, { id: 3 }, null, { ...good, quantity: 0 }, { ...good, price: 'x' }])),
    ).toEqual([good]);
    expect(parseStoredCart('not json')).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });
});
