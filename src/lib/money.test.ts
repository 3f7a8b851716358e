import { describe, expect, it } from 'vitest';
import { effectivePrice, formatRupees } from './money';

describe('formatRupees', () => {
  it('rounds to whole rupees with Indian grouping', () => {
    expect(formatRupees(999.4)).toBe('₹999');
    expect(formatRupees(1499.5)).toBe('₹1,500');
    expect(formatRupees(125000)).toBe('₹1,25,000');
  });
});

describe('effectivePrice (product card rule)', () => {
  it('applies the discount only when it exists and is below the price', () => {
    expect(effectivePrice(1499, 999)).toEqual({ current: 999, original: 1499, savings: 500, savingsPercent: 33 });
    expect(effectivePrice(999, 999)).toEqual({ current: 999, original: null, savings: 0, savingsPercent: 0 });
    expect(effectivePrice(999, 1200).current).toBe(999);
    expect(effectivePrice(999, null).original).toBeNull();
  });
});
