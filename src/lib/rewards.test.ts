import { describe, expect, it } from 'vitest';
import { normaliseReferralCode, pointsForOrder, redeemablePoints, referralCodeFor, rupeesForPoints } from './rewards';

describe('rewards maths', () => {
  it('earns 5 points per whole rupee and values 50 points at ₹1', () => {
    expect(pointsForOrder(1249)).toBe(6245);
    expect(pointsForOrder(0)).toBe(0);
    expect(rupeesForPoints(10_000)).toBe(200);
    expect(rupeesForPoints(149)).toBe(2);
  });

  it('redeems whole rupees only, never more than held, asked or owed', () => {
    expect(redeemablePoints(10_000, 10_000, 999)).toBe(10_000);
    expect(redeemablePoints(10_000, 10_000, 120)).toBe(6_000); // the order is only ₹120
    expect(redeemablePoints(1_234, 5_000, 999)).toBe(1_200); // multiples of 50
    expect(redeemablePoints(10_000, 75, 999)).toBe(50);
    expect(redeemablePoints(-5, 100, 999)).toBe(0);
  });

  it('makes readable referral codes from the first name', () => {
    const code = referralCodeFor('Asha Rao', () => 0);
    expect(code).toBe('ASHA-2222');
    expect(referralCodeFor('  ', () => 0.99)).toMatch(/^VEDARA-[2-9A-Z]{4}$/);
    expect(normaliseReferralCode(' asha-2222 ')).toBe('ASHA-2222');
  });
});
