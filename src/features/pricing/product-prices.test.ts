import { describe, expect, it } from 'vitest';
import { buildPlanOptions, effectivePrice, monthsLabel } from './product-prices';

const plans = [
  { id: 11, months: 1, label: '1 month', amount: 999 },
  { id: 12, months: 2, label: '2 months', amount: 949 },
  { id: 13, months: 3, label: '3 months', amount: 899 },
  { id: 14, months: 4, label: '4 months', amount: 849 },
];

describe('buildPlanOptions (spec §9)', () => {
  it('prices plan 1 at discount_price and plans 2–4 from the plan amounts, times the months', () => {
    const options = buildPlanOptions({ price: 1499, discountPrice: 999 }, plans);
    expect(options.map((o) => o.perPack)).toEqual([999, 949, 899, 849]);
    expect(options.map((o) => o.displayed)).toEqual([999, 1898, 2697, 3396]);
    expect(options.map((o) => o.mrp)).toEqual([1499, 2998, 4497, 5996]);
  });

  it('rounds the save percent and shows the SAVE badge only after the first plan', () => {
    const options = buildPlanOptions({ price: 1499, discountPrice: 999 }, plans);
    expect(options.map((o) => o.savePercent)).toEqual([33, 37, 40, 43]);
    expect(options.map((o) => o.showSaveBadge)).toEqual([false, true, true, true]);
  });

  it('uses plan rows in id order even when given out of order', () => {
    const options = buildPlanOptions({ price: 1000, discountPrice: 800 }, [...plans].reverse());
    expect(options[1].perPack).toBe(949);
  });

  it('hides the badge when a plan saves nothing', () => {
    const options = buildPlanOptions(
      { price: 500, discountPrice: null },
      plans.map((p) => ({ ...p, amount: 500 })),
    );
    expect(options[0].perPack).toBe(500);
    expect(options.slice(1).every((o) => !o.showSaveBadge && o.savePercent === 0)).toBe(true);
  });

  it('labels months in singular and plural', () => {
    expect([1, 2, 4].map(monthsLabel)).toEqual(['1 month', '2 months', '4 months']);
  });
});

describe('effectivePrice (product card rule)', () => {
  it('applies the discount only when it exists and is below the price', () => {
    expect(effectivePrice(1499, 999)).toEqual({ current: 999, original: 1499, savings: 500, savingsPercent: 33 });
    expect(effectivePrice(999, 999)).toEqual({ current: 999, original: null, savings: 0, savingsPercent: 0 });
    expect(effectivePrice(999, 1200).current).toBe(999);
    expect(effectivePrice(999, null).original).toBeNull();
  });

  it('prices plan 1 at the MRP when the discount is not below it', () => {
    expect(buildPlanOptions({ price: 999, discountPrice: 1200 }, plans)[0].perPack).toBe(999);
  });
});
