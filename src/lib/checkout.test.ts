import { describe, expect, it } from 'vitest';
import { bestOffer, quoteCheckout, validateContact, type CheckoutLine } from './checkout';

const line = (over: Partial<CheckoutLine> = {}): CheckoutLine => ({ productId: 1, months: 1, quantity: 1, name: 'Shilajit Resin', unitPrice: 999, bogo: false, ...over });

describe('quoteCheckout: one offer, shipping, whole rupees', () => {
  it('charges ₹50 shipping below ₹499 and nothing from ₹499', () => {
    expect(quoteCheckout([line({ unitPrice: 498 })], { firstOrderEligible: false }).breakup).toMatchObject({ subtotal: 498, shipping: 50, total: 548 });
    expect(quoteCheckout([line({ unitPrice: 499 })], { firstOrderEligible: false }).breakup).toMatchObject({ subtotal: 499, shipping: 0, total: 499 });
  });

  it('judges shipping after the discount', () => {
    // 540 − 10 % = 486: below ₹499 again, so shipping is charged.
    const { breakup } = quoteCheckout([line({ unitPrice: 540 })], { code: 'save10', firstOrderEligible: false });
    expect(breakup).toMatchObject({ subtotal: 540, discount: 54, shipping: 50, total: 536, discountCode: 'save10' });
  });

  it('applies save10 case-insensitively and reports an invalid code without failing the quote', () => {
    expect(quoteCheckout([line()], { code: '  SAVE10 ', firstOrderEligible: false }).breakup).toMatchObject({ discount: 100, discountLabel: 'SAVE10 (10% off)', total: 899 });
    const invalid = quoteCheckout([line()], { code: 'save20', firstOrderEligible: false });
    expect(invalid.codeMessage).toBe('Invalid discount code');
    expect(invalid.breakup).toMatchObject({ discount: 0, discountLabel: null, total: 999 });
  });

  it('gives the first-order 30 % instead of save10 (best single offer wins, no stacking)', () => {
    const quote = quoteCheckout([line({ quantity: 2 })], { code: 'save10', firstOrderEligible: true });
    expect(quote.breakup).toMatchObject({ subtotal: 1998, discount: 599, discountLabel: 'First order (30% off)', discountCode: null, total: 1399 });
    expect(quote.offerNote).toMatch(/saves more than SAVE10/);
  });

  it('makes every second unit of a buy-1-get-1 product free, when that saves the most', () => {
    const quote = quoteCheckout([line({ quantity: 3, bogo: true }), line({ productId: 2, unitPrice: 300 })], { code: 'save10', firstOrderEligible: true });
    // Subtotal 3297: BOGO saves 999, first order 989, save10 330.
    expect(quote.breakup).toMatchObject({ subtotal: 3297, discount: 999, discountLabel: 'Buy 1 Get 1 Free', total: 2298 });
    expect(quoteCheckout([line({ quantity: 1, bogo: true })], { firstOrderEligible: false }).breakup.discount).toBe(0);
  });

  it('rounds server prices to whole rupees and keeps points at 0', () => {
    const { lines, breakup } = quoteCheckout([line({ unitPrice: 499.6, quantity: 2 })], { firstOrderEligible: false });
    expect(lines[0]).toMatchObject({ unitPrice: 500, lineTotal: 1000 });
    expect(breakup).toEqual({ subtotal: 1000, discount: 0, discountLabel: null, discountCode: null, shipping: 0, pointsRedeemed: 0, pointsValue: 0, total: 1000 });
  });

  it('charges no shipping for an empty cart', () => {
    expect(quoteCheckout([], { firstOrderEligible: true }).breakup.total).toBe(0);
  });

  it('breaks ties in favour of the earlier offer', () => {
    expect(bestOffer([{ kind: 'save10', label: 'a', amount: 10, code: 'save10' }, { kind: 'bogo', label: 'b', amount: 10, code: null }])?.kind).toBe('save10');
  });
});

describe('validateContact', () => {
  const valid = {
    email: ' Asha@Example.IN ', phone: '+91 98765 43210',
    address: { name: 'Asha Rao', line1: '12 Ganga Road', line2: '', city: 'Haridwar', state: 'Uttarakhand', pin: '249401' },
  };

  it('normalises email and mobile', () => {
    const result = validateContact(valid);
    expect(result.ok && result.data).toMatchObject({ email: 'asha@example.in', phone: '9876543210', address: { state: 'Uttarakhand', pin: '249401' } });
  });

  it('names each wrong field', () => {
    const result = validateContact({ email: 'asha@', phone: '12345', address: { ...valid.address, name: ' ', state: 'Atlantis', pin: '012345' } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'name', 'phone', 'pin', 'state']);
    expect(result.errors.pin).toBe('Please enter a 6-digit PIN code.');
  });
});

describe('quoteCheckout: coupons and reward points', () => {
  const line = { productId: 1, months: 1, quantity: 1, name: 'Shilajit', unitPrice: 1000, bogo: false };

  it('a referral coupon is one more offer: the best single offer still wins', () => {
    const coupon = { code: 'WELCOME-AB12CD34', percentOff: 20 };
    const withCoupon = quoteCheckout([line], { code: coupon.code, coupon, firstOrderEligible: false });
    expect(withCoupon.breakup).toMatchObject({ discount: 200, discountLabel: 'WELCOME-AB12CD34 (20% off)', discountCode: coupon.code, total: 800 });
    expect(withCoupon.codeMessage).toBeNull();
    const firstOrderWins = quoteCheckout([line], { code: coupon.code, coupon, firstOrderEligible: true });
    expect(firstOrderWins.breakup).toMatchObject({ discount: 300, discountCode: null });
    expect(firstOrderWins.offerNote).toBe('One offer per order: your First order (30% off) saves more than WELCOME-AB12CD34.');
  });

  it('points pay whole rupees of the goods after the discount, never the shipping', () => {
    const paid = quoteCheckout([line], { firstOrderEligible: false, points: { balance: 10_000, requested: 10_000 } });
    expect(paid.breakup).toMatchObject({ subtotal: 1000, shipping: 0, pointsRedeemed: 10_000, pointsValue: 200, total: 800 });
    const small = { ...line, unitPrice: 120 };
    const capped = quoteCheckout([small], { firstOrderEligible: false, points: { balance: 10_000, requested: 10_000 } });
    expect(capped.breakup).toMatchObject({ subtotal: 120, shipping: 50, pointsRedeemed: 6_000, pointsValue: 120, total: 50 });
  });
});
