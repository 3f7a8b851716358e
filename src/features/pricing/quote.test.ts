import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestOffer,
  BOGO_HINT,
  INVALID_DISCOUNT_MESSAGE,
  quoteCart,
  type QuoteContext,
  type QuoteLineInput,
  type StoreCode,
} from './quote';

const line = (over: Partial<QuoteLineInput> = {}): QuoteLineInput => ({
  productId: 1,
  months: 1,
  quantity: 1,
  name: 'Shilajit Resin',
  slug: 'shilajit-resin',
  image: '/s.svg',
  unitPrice: 999,
  bogo: false,
  stock: 100,
  ...over,
});
const save10 = { code: 'save10', kind: 'percent' as const, value: 10, minSubtotal: 0 };
const guest: QuoteContext = { code: null, storeCode: null, coupon: null, firstOrder: 'sign-in' };
const member: QuoteContext = { ...guest, firstOrder: 'used' };
const withCode = (context: QuoteContext, code: string, storeCode: StoreCode = save10) => ({
  ...context,
  code,
  storeCode,
});

describe('quoteCart: one offer, shipping, whole rupees', () => {
  it('charges ₹50 shipping below ₹499 and nothing from ₹499, and says how far free shipping is', () => {
    const under = quoteCart([line({ unitPrice: 399 })], member);
    expect(under).toMatchObject({
      subtotal: 399,
      shipping: 50,
      total: 449,
      notes: ['Add ₹100 more for free shipping.'],
    });
    expect(quoteCart([line({ unitPrice: 499 })], member)).toMatchObject({
      subtotal: 499,
      shipping: 0,
      total: 499,
      notes: [],
    });
  });

  it('judges shipping after the discount, and says so when an offer drops the cart under ₹499', () => {
    // 540 − 10 % = 486: below ₹499 again, so shipping is charged.
    const quote = quoteCart([line({ unitPrice: 540 })], withCode(member, 'save10'));
    expect(quote).toMatchObject({
      subtotal: 540,
      discount: 54,
      shipping: 50,
      total: 536,
      offer: { code: 'save10', label: 'SAVE10 (10% off)' },
    });
    expect(quote.notes[0]).toBe('With SAVE10 (10% off) the order comes to ₹486, under ₹499, so ₹50 shipping applies.');
  });

  it('reports a code that is not a store code or the customer’s coupon as invalid, without failing the quote', () => {
    const quote = quoteCart([line()], { ...member, code: 'save20' });
    expect(quote.code).toEqual({ code: 'save20', status: 'invalid', message: INVALID_DISCOUNT_MESSAGE });
    expect(quote).toMatchObject({ discount: 0, offer: null, total: 999 });
  });

  it('holds fixed codes to their minimum order and never below zero', () => {
    const fifty = { code: 'flat50', kind: 'fixed' as const, value: 50, minSubtotal: 600 };
    expect(quoteCart([line({ unitPrice: 599 })], withCode(member, 'flat50', fifty)).code).toMatchObject({
      status: 'below_minimum',
      message: 'FLAT50 needs an order of ₹600 or more.',
    });
    expect(quoteCart([line({ unitPrice: 999 })], withCode(member, 'flat50', fifty))).toMatchObject({
      discount: 50,
      total: 949,
    });
  });

  it('gives the first-order 30 % instead of save10 (best single offer wins, no stacking)', () => {
    const quote = quoteCart([line({ quantity: 2 })], withCode({ ...guest, firstOrder: 'eligible' }, 'save10'));
    expect(quote).toMatchObject({
      subtotal: 1998,
      discount: 599,
      offer: { kind: 'first_order', label: 'First order (30% off)', code: null },
      total: 1399,
    });
    expect(quote.code).toMatchObject({
      status: 'outbid',
      message: 'One offer per order: your First order (30% off) saves more than SAVE10.',
    });
  });

  it('tells a guest where the first-order offer is', () => {
    expect(quoteCart([line()], guest).notes).toContain('First order? Sign in or create an account for 30% off.');
    expect(quoteCart([], guest).notes).toEqual([]);
  });

  it('makes every second unit of a buy-1-get-1 product free when that saves the most, and hints at the free one', () => {
    const quote = quoteCart(
      [line({ quantity: 3, bogo: true }), line({ productId: 2, unitPrice: 300 })],
      withCode({ ...guest, firstOrder: 'eligible' }, 'save10'),
    );
    // Subtotal 3297: BOGO saves 999, first order 989, save10 330.
    expect(quote).toMatchObject({ subtotal: 3297, discount: 999, offer: { label: 'Buy 1 Get 1 Free' }, total: 2298 });
    expect(quote.lines[0]).toMatchObject({ freeUnits: 1, hint: BOGO_HINT });
    const single = quoteCart([line({ quantity: 1, bogo: true })], member);
    expect(single).toMatchObject({ discount: 0, lines: [{ hint: 'Add 1 more to get 1 free', freeUnits: 0 }] });
  });

  it('marks low stock and blocks more than is in stock, counting packs across plans', () => {
    expect(quoteCart([line({ stock: 4 })], member).lines[0].stockNote).toBe('Only 4 left');
    const over = quoteCart(
      [line({ stock: 4, months: 3, quantity: 1 }), line({ stock: 4, months: 2, quantity: 1 })],
      member,
    );
    expect(over.blocked).toBe(true);
    expect(over.lines[0].stockNote).toBe('Only 4 left of Shilajit Resin. Please lower the quantity.');
    expect(quoteCart([line({ stock: 0 })], member).lines[0].stockNote).toBe('Shilajit Resin is out of stock.');
  });

  it('a referral coupon is one more offer: the best single offer still wins', () => {
    const coupon = { code: 'WELCOME-AB12CD34', percentOff: 20 };
    const one = line({ unitPrice: 1000 });
    expect(quoteCart([one], { ...member, code: coupon.code, coupon })).toMatchObject({
      discount: 200,
      offer: { label: 'WELCOME-AB12CD34 (20% off)', code: coupon.code },
      total: 800,
    });
    expect(quoteCart([one], { ...member, code: coupon.code, coupon, firstOrder: 'eligible' })).toMatchObject({
      discount: 300,
      offer: { code: null },
    });
  });

  it('points pay whole rupees of the goods after the discount, never the shipping', () => {
    const points = { balance: 10_000, use: true };
    expect(quoteCart([line({ unitPrice: 1000 })], { ...member, points })).toMatchObject({
      subtotal: 1000,
      shipping: 0,
      pointsRedeemed: 10_000,
      pointsValue: 200,
      total: 800,
    });
    expect(quoteCart([line({ unitPrice: 120 })], { ...member, points })).toMatchObject({
      subtotal: 120,
      shipping: 50,
      pointsRedeemed: 6_000,
      pointsValue: 120,
      total: 50,
    });
  });

  it('breaks ties in favour of the earlier offer', () => {
    expect(
      bestOffer([
        { kind: 'code', label: 'a', amount: 10, code: 'save10' },
        { kind: 'bogo', label: 'b', amount: 10, code: null },
      ])?.kind,
    ).toBe('code');
  });
});

describe('quoteCart over generated carts (fast-check)', () => {
  const lines = fc.uniqueArray(
    fc.record({
      productId: fc.integer({ min: 1, max: 14 }),
      months: fc.integer({ min: 1, max: 4 }),
      quantity: fc.integer({ min: 1, max: 999 }),
      unitPrice: fc.integer({ min: 0, max: 20_000 }),
      bogo: fc.boolean(),
      stock: fc.integer({ min: 0, max: 5_000 }),
    }),
    { selector: (l) => `${l.productId}:${l.months}`, maxLength: 8 },
  );
  const context = fc.record({
    code: fc.constantFrom(null, 'save10', 'nope'),
    firstOrder: fc.constantFrom('eligible' as const, 'used' as const, 'sign-in' as const),
    balance: fc.integer({ min: 0, max: 50_000 }),
    usePoints: fc.boolean(),
  });

  it('adds up: total = subtotal − discount + shipping − points, one offer at most, nothing negative', () => {
    fc.assert(
      fc.property(lines, context, (raw, c) => {
        const quote = quoteCart(
          raw.map((l) => line(l)),
          {
            code: c.code,
            storeCode: c.code === 'save10' ? save10 : null,
            coupon: null,
            firstOrder: c.firstOrder,
            points: { balance: c.balance, use: c.usePoints },
          },
        );
        expect(quote.subtotal).toBe(raw.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0));
        expect(quote.total).toBe(quote.subtotal - quote.discount + quote.shipping - quote.pointsValue);
        expect(Number.isInteger(quote.total) && quote.total >= quote.shipping).toBe(true);
        expect(quote.discount).toBeLessThanOrEqual(quote.subtotal);
        expect(quote.shipping).toBe(raw.length && quote.subtotal - quote.discount < 499 ? 50 : 0);
        expect(quote.pointsRedeemed % 50).toBe(0);
      }),
    );
  });
});

describe('the online-payment offer', () => {
  const fivePercentUpTo100 = { kind: 'percent' as const, value: 5, cap: 100 };
  const prepaid = (chosen: boolean, offer: PrepaidOfferInput = fivePercentUpTo100): QuoteContext => ({
    ...member,
    prepaid: { offer, chosen },
  });
  type PrepaidOfferInput = { kind: 'percent' | 'flat' | 'none'; value: number; cap: number | null };

  it('shows both totals before the choice and tells the shopper what paying online saves', () => {
    const quote = quoteCart([line({ unitPrice: 999 })], prepaid(false));
    expect(quote.totals).toEqual({ cod: 999, online: 949 });
    expect(quote.total).toBe(999);
    expect(quote.prepaidDiscount).toBe(0);
    expect(quote.notes).toContain('Pay online and save ₹50 (5% off, up to ₹100).');
  });

  it('takes the offer off when the shopper pays online, capped, after the order offer and without adding shipping', () => {
    const big = quoteCart([line({ unitPrice: 2999, quantity: 2 })], prepaid(true));
    expect(big.prepaidDiscount).toBe(100);
    expect(big.total).toBe(5998 - 100);
    expect(big.notes.some((n) => n.startsWith('Pay online'))).toBe(false);
    // ₹499: free shipping is judged before the online offer, so paying online never adds shipping.
    const edge = quoteCart([line({ unitPrice: 499 })], prepaid(true));
    expect(edge.shipping).toBe(0);
    expect(edge.total).toBe(499 - 25);
  });

  it('a flat offer never exceeds the goods, and no offer changes nothing', () => {
    expect(
      quoteCart([line({ unitPrice: 40 })], prepaid(true, { kind: 'flat', value: 75, cap: null })).prepaidDiscount,
    ).toBe(40);
    const none = quoteCart([line({ unitPrice: 999 })], prepaid(true, { kind: 'none', value: 0, cap: null }));
    expect(none.totals).toEqual({ cod: 999, online: 999 });
    expect(none.prepaidLabel).toBeNull();
  });

  it('paying online never costs more than cash on delivery, and nothing goes below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<'percent' | 'flat'>('percent', 'flat'),
        fc.integer({ min: 1, max: 50 }),
        fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
        fc.integer({ min: 0, max: 200_000 }),
        (unitPrice, quantity, kind, value, cap, points) => {
          const context: QuoteContext = {
            ...member,
            points: { balance: points, use: points > 0 },
            prepaid: { offer: { kind, value, cap }, chosen: true },
          };
          const quote = quoteCart([line({ unitPrice, quantity })], context);
          expect(quote.totals.online).toBeLessThanOrEqual(quote.totals.cod);
          expect(quote.total).toBe(quote.totals.online);
          expect(quote.total).toBeGreaterThanOrEqual(quote.shipping);
          expect(quote.subtotal - quote.discount - quote.prepaidDiscount).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
