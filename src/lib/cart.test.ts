import { describe, expect, it } from 'vitest';
import { addItem, cartItemId, cartTotals, clearItems, mergeCarts, parseStoredCart, removeItem, setQuantity, type CartItem } from './cart';

const ashwagandha = { id: '2', productId: 2, name: 'Ashwagandha', price: 599, image: '/a.png' };
const shilajitPlan = { id: cartItemId(1, 3), productId: 1, name: 'Shilajit', price: 2697, image: '/s.png', subscriptionDurationMonths: 3, subscriptionLabel: '3 months' };

describe('cart transitions (spec §4)', () => {
  it('gives plan purchases their own line id', () => {
    expect(cartItemId(1)).toBe('1');
    expect(cartItemId(1, 1)).toBe('1');
    expect(cartItemId(1, 3)).toBe('1:3m');
  });

  it('adds a new item with quantity 1 and raises an existing one by 1', () => {
    const once = addItem([], ashwagandha);
    expect(once).toEqual([{ ...ashwagandha, quantity: 1 }]);
    const twice = addItem(once, ashwagandha);
    expect(twice).toEqual([{ ...ashwagandha, quantity: 2 }]);
    expect(addItem(twice, shilajitPlan).map((i) => [i.id, i.quantity])).toEqual([['2', 2], ['1:3m', 1]]);
  });

  it('sets a quantity, and removes the item when it goes below 1', () => {
    const items = addItem([], ashwagandha);
    expect(setQuantity(items, '2', 4)[0].quantity).toBe(4);
    expect(setQuantity(items, '2', 0)).toEqual([]);
    expect(setQuantity(items, '2', -3)).toEqual([]);
  });

  it('removes one item and clears them all', () => {
    const items = addItem(addItem([], ashwagandha), shilajitPlan);
    expect(removeItem(items, '2').map((i) => i.id)).toEqual(['1:3m']);
    expect(clearItems()).toEqual([]);
  });

  it('totals items (sum of quantities) and price (sum of price × quantity)', () => {
    const items: CartItem[] = [{ ...ashwagandha, quantity: 2 }, { ...shilajitPlan, quantity: 1 }];
    expect(cartTotals(items)).toEqual({ totalItems: 3, totalPrice: 599 * 2 + 2697 });
    expect(cartTotals([])).toEqual({ totalItems: 0, totalPrice: 0 });
  });

  it('reads a stored cart, dropping junk', () => {
    const good = { ...ashwagandha, quantity: 1 };
    expect(parseStoredCart(JSON.stringify([good, { id: 3 }, null, { ...good, quantity: 0 }, { ...good, price: 'x' }]))).toEqual([good]);
    expect(parseStoredCart('not json')).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });
});

describe('merging a device cart into the account cart', () => {
  it('adds quantities of the same line and keeps the others', () => {
    const account = [{ ...ashwagandha, quantity: 2 }];
    const device = [{ ...ashwagandha, quantity: 1 }, { ...shilajitPlan, quantity: 1 }];
    expect(mergeCarts(account, device).map((i) => [i.id, i.quantity])).toEqual([['2', 3], ['1:3m', 1]]);
    expect(mergeCarts([], [])).toEqual([]);
  });
});
