// Server cart pricing on a freshly migrated, seeded database (spec §5 discount, §9 plan prices).
import { describe, expect, it } from 'vitest';
import { getPlans, getPricing } from '../catalog/catalog.server';
import { buildPlanOptions } from '../../lib/plans';
import { InvalidCartError, priceCart } from './pricing.server';

async function planOptions(productId: number) {
  const [product] = await getPricing([productId]);
  return buildPlanOptions(product, await getPlans(productId));
}

describe('priceCart', () => {
  it('prices each line at its plan price from buildPlanOptions, times quantity', async () => {
    const options = await planOptions(1);
    const priced = await priceCart([{ productId: 1, months: 1, quantity: 2 }, { productId: 1, months: 3, quantity: 1 }]);
    expect(priced.lines.map((l) => [l.id, l.unitPrice, l.lineTotal])).toEqual([
      ['1', options[0].displayed, options[0].displayed * 2],
      ['1:3m', options[2].displayed, options[2].displayed],
    ]);
    expect(priced.subtotal).toBe(options[0].displayed * 2 + options[2].displayed);
    expect(priced).toMatchObject({ discount: null, total: priced.subtotal, dropped: [] });
    expect(priced.message).toBeUndefined();
  });

  it('takes 1 month when no plan is given', async () => {
    const [oneMonth] = await planOptions(2);
    const priced = await priceCart([{ productId: 2, quantity: 1 }]);
    expect(priced.lines[0]).toMatchObject({ months: 1, unitPrice: oneMonth.displayed });
  });

  it('gives 10 % of the subtotal, rounded, for save10 in any case and with spaces', async () => {
    const items = [{ productId: 1, months: 1, quantity: 1 }, { productId: 3, months: 2, quantity: 3 }];
    for (const code of ['save10', ' SAVE10 ', 'Save10']) {
      const priced = await priceCart(items, code);
      const amount = Math.round(priced.subtotal * 0.1);
      expect(priced.discount).toEqual({ code: 'save10', percent: 10, amount });
      expect(priced.total).toBe(priced.subtotal - amount);
      expect(priced.message).toBeUndefined();
    }
  });

  it("answers a bad code with 'Invalid discount code' and no discount", async () => {
    const priced = await priceCart([{ productId: 1, months: 1, quantity: 1 }], 'save20');
    expect(priced.message).toBe('Invalid discount code');
    expect(priced.discount).toBeNull();
    expect(priced.total).toBe(priced.subtotal);
  });

  it('treats a blank code as no code', async () => {
    const priced = await priceCart([{ productId: 1, months: 1, quantity: 1 }], '   ');
    expect(priced.message).toBeUndefined();
    expect(priced.discount).toBeNull();
  });

  it('drops unknown products with a note and prices the rest', async () => {
    const priced = await priceCart([{ productId: 999_999, months: 1, quantity: 1 }, { productId: 1, months: 1, quantity: 1 }]);
    expect(priced.lines.map((l) => l.productId)).toEqual([1]);
    expect(priced.dropped).toEqual([{ productId: 999_999, months: 1, note: expect.stringContaining('no longer available') }]);
  });

  it('rejects quantities below 1 and malformed lines', async () => {
    await expect(priceCart([{ productId: 1, months: 1, quantity: 0 }])).rejects.toThrow(InvalidCartError);
    await expect(priceCart([{ productId: 1, months: 1, quantity: 0 }])).rejects.toThrow('items.0.quantity: quantity must be at least 1');
    await expect(priceCart([{ productId: 1, months: 9, quantity: 1 }])).rejects.toThrow('months');
    await expect(priceCart('nope' as never)).rejects.toThrow(InvalidCartError);
  });
});
