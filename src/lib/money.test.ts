import { describe, expect, it } from 'vitest';
import { formatPaiseAsRupees, formatRupees, parseRupeesToPaise } from './money';

describe('formatRupees', () => {
  it('rounds to whole rupees with Indian grouping', () => {
    expect(formatRupees(999.4)).toBe('₹999');
    expect(formatRupees(1499.5)).toBe('₹1,500');
    expect(formatRupees(125000)).toBe('₹1,25,000');
  });
});

describe('paise as rupees', () => {
  it('shows paise only when there are some, and reads typed amounts back', () => {
    expect(formatPaiseAsRupees(27_450)).toBe('₹274.50');
    expect(formatPaiseAsRupees(127_500)).toBe('₹1,275');
    expect(parseRupeesToPaise('274.5')).toBe(27_450);
    expect(parseRupeesToPaise('₹1,275')).toBe(127_500);
    for (const bad of ['', '-5', '1.234', 'all', '1e3']) expect(parseRupeesToPaise(bad), bad).toBeNull();
  });
});
