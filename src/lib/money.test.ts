import { describe, expect, it } from 'vitest';
import { formatRupees } from './money';

describe('formatRupees', () => {
  it('rounds to whole rupees with Indian grouping', () => {
    expect(formatRupees(999.4)).toBe('₹999');
    expect(formatRupees(1499.5)).toBe('₹1,500');
    expect(formatRupees(125000)).toBe('₹1,25,000');
  });
});
