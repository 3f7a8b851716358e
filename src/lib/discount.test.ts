import { describe, expect, it } from 'vitest';
import { applyDiscountCode } from './discount';

describe('applyDiscountCode (spec §5)', () => {
  it('accepts save10 trimmed and in any case, giving 10 % off the total', () => {
    for (const code of ['save10', ' SAVE10 ', 'Save10']) {
      expect(applyDiscountCode(code, 1999)).toEqual({ ok: true, code: 'save10', percent: 10, amount: 200, total: 1799 });
    }
  });

  it('rejects anything else with the spec message and no discount', () => {
    for (const code of ['save20', '', 'save 10', 'save10x']) {
      expect(applyDiscountCode(code, 1000)).toEqual({ ok: false, message: 'Invalid discount code', amount: 0, total: 1000 });
    }
  });
});
