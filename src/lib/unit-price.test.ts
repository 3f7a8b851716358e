import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NET_QUANTITY_UNITS, netQuantityLabel, unitPriceLabel, unitSalePrices } from './unit-price';

const plans = (perPack: number[]) =>
  perPack.map((amount, index) => ({
    months: index + 1,
    label: `${index + 1}`,
    price: amount * (index + 1),
    packs: index + 1,
  }));

describe('unit sale price per pack choice', () => {
  it('divides each choice’s price by all the units it sells: a 2-month plan is two packs', () => {
    const [one, two] = unitSalePrices(plans([999, 949]), 20);
    expect(one).toMatchObject({ units: 20, paisePerUnit: 4995 });
    expect(two).toMatchObject({ units: 40, price: 1898, paisePerUnit: 4745 });
    expect(unitPriceLabel(two.paisePerUnit, 'g')).toBe('₹47.45 per g');
  });

  it('rounds to the nearest paisa: ₹599 for 60 capsules is ₹9.98 a capsule', () => {
    expect(unitPriceLabel(unitSalePrices(plans([599]), 60)[0].paisePerUnit, 'capsules')).toBe('₹9.98 per capsule');
  });

  it('gives every choice one unit price that multiplies back to its price within half a paisa a unit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 100_000 }),
        (perPack, netQuantity) => {
          const choices = plans(perPack);
          const prices = unitSalePrices(choices, netQuantity);
          expect(prices.map((p) => p.months)).toEqual(choices.map((c) => c.months));
          for (const p of prices) {
            expect(Number.isInteger(p.paisePerUnit)).toBe(true);
            expect(Math.abs(p.paisePerUnit * p.units - p.price * 100)).toBeLessThanOrEqual(p.units / 2);
          }
        },
      ),
    );
  });

  it('refuses a net quantity that is not a positive whole number', () => {
    expect(() => unitSalePrices(plans([100]), 0)).toThrow(RangeError);
  });

  it('names the quantity in the pack’s own unit', () => {
    expect(netQuantityLabel(20, 'g')).toBe('20 g');
    expect(netQuantityLabel(1, 'capsules')).toBe('1 capsule');
    expect(NET_QUANTITY_UNITS).toContain('ml');
  });
});
