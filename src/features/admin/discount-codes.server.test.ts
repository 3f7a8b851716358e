// Discount codes made in the back office, on a real database: what the form refuses, and the limits
// holding under concurrent checkouts.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartWith } from '../../../tests/support/carts';
import { getDb } from '../../db/client';
import { discountCodes, orders, productStock } from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import { changeCart, viewCart } from '../cart/cart.server';
import { placeOrder } from '../checkout/checkout.server';
import {
  createDiscountCode,
  DISCOUNT_MESSAGES,
  listDiscountCodes,
  setDiscountCodeActive,
} from './discount-codes.server';

let staffId: string;
let keys = 0;
const orderRequest = (email: string) => ({
  email,
  phone: '9876543210',
  usePoints: false,
  expectedTotal: null,
  address: {
    name: 'Asha Rao',
    line1: '12 Ganga Road',
    line2: '',
    city: 'Haridwar',
    state: 'Uttarakhand',
    pin: '249401',
  },
  idempotencyKey: `discount-test-${Date.now()}-${++keys}-abcdef`,
});
const form = (over: Record<string, string> = {}) => ({
  code: 'Diwali15',
  kind: 'percent',
  value: '15',
  minSubtotal: '0',
  firstDay: '',
  lastDay: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  ...over,
});

beforeAll(async () => {
  const auth = await getAuth();
  const { user } = await auth.api.signUpEmail({
    body: { name: 'Owner', email: `owner-${Date.now()}@example.in`, password: 'tulsi-leaf-42' },
  });
  staffId = user.id;
  const db = await getDb();
  await db.update(productStock).set({ quantity: 100_000 });
});

describe('creating codes', () => {
  it('refuses what makes no sense, with a message per field, and creates nothing', async () => {
    const refusals: [Record<string, string>, string, string][] = [
      [form({ value: '-5' }), 'value', DISCOUNT_MESSAGES.percent],
      [form({ value: '101' }), 'value', DISCOUNT_MESSAGES.percent],
      [form({ kind: 'fixed', value: '0' }), 'value', DISCOUNT_MESSAGES.fixed],
      [form({ kind: 'bogus' }), 'kind', DISCOUNT_MESSAGES.kind],
      [form({ code: 'no spaces please' }), 'code', DISCOUNT_MESSAGES.code],
      [form({ code: '<script>' }), 'code', DISCOUNT_MESSAGES.code],
      [form({ minSubtotal: '-1' }), 'minSubtotal', DISCOUNT_MESSAGES.minSubtotal],
      [form({ firstDay: '2026-12-10', lastDay: '2026-12-01' }), 'lastDay', DISCOUNT_MESSAGES.dateOrder],
      [form({ firstDay: 'tomorrow' }), 'firstDay', DISCOUNT_MESSAGES.date],
      [form({ maxUses: '0' }), 'maxUses', DISCOUNT_MESSAGES.limit],
      [form({ maxUsesPerCustomer: 'x' }), 'maxUsesPerCustomer', DISCOUNT_MESSAGES.limit],
      [form({ code: 'SAVE10' }), 'code', 'A code named SAVE10 already exists.'],
    ];
    for (const [input, field, message] of refusals) {
      expect(await createDiscountCode(staffId, input), JSON.stringify(input)).toEqual({
        ok: false,
        errors: { [field]: message },
      });
    }
    expect((await listDiscountCodes()).map((c) => c.code)).toEqual(['save10']);
  });

  it('a created code is applied by the cart’s quote; switched off, it is invalid', async () => {
    expect(
      await createDiscountCode(staffId, form({ code: 'Flat100', kind: 'fixed', value: '100', minSubtotal: '900' })),
    ).toEqual({ ok: true, code: 'flat100' });
    const cart = await cartWith([{ productId: 1, quantity: 1 }], null, 'FLAT100');
    expect((await viewCart(cart, null)).quote).toMatchObject({
      discount: 100,
      total: 899,
      offer: { label: 'FLAT100 (₹100 off)' },
    });
    expect(await setDiscountCodeActive('flat100', false)).toBe(true);
    expect((await changeCart(cart, { intent: 'code', code: 'flat100' }, null)).refusal).toBe('Invalid discount code');
  });

  it('a code is valid from its first day to the end of its last day (Indian time)', async () => {
    await createDiscountCode(staffId, form({ code: 'future', firstDay: '2099-01-01' }));
    expect(
      (await changeCart(await cartWith([{ productId: 2, quantity: 1 }]), { intent: 'code', code: 'future' }, null))
        .refusal,
    ).toBe('Invalid discount code');
    const db = await getDb();
    const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, 'future'));
    expect(row.startsAt?.toISOString()).toBe('2098-12-31T18:30:00.000Z');
  });
});

describe('limits under concurrent checkouts', () => {
  it('a one-use code is used by exactly one of 20 simultaneous orders; the others are told and nothing is charged more than seen', async () => {
    await createDiscountCode(staffId, form({ code: 'once', value: '50', maxUses: '1' }));
    const carts = await Promise.all(
      Array.from({ length: 20 }, () => cartWith([{ productId: 1, quantity: 1 }], null, 'once')),
    );
    const seen = (await viewCart(carts[0], null)).quote.total;
    expect(seen).toBe(499); // ₹999 − 50 % (₹499.50 rounds to ₹500 off)
    const results = await Promise.all(
      carts.map((cart, i) => placeOrder({ ...orderRequest(`once${i}@example.in`), expectedTotal: seen }, cart, null)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const refused of results.filter((r) => !r.ok)) {
      expect(refused).toMatchObject({
        code: 'conflict',
        message: 'ONCE has been used up. Your total is now ₹999. Please check your order and place it again.',
      });
    }
    const db = await getDb();
    expect(await db.select().from(orders).where(eq(orders.discountCode, 'once'))).toHaveLength(1);
    expect((await listDiscountCodes()).find((c) => c.code === 'once')).toMatchObject({ uses: 1, maxUses: 1 });
    // Now it cannot even be applied.
    expect(
      (await changeCart(await cartWith([{ productId: 2, quantity: 1 }]), { intent: 'code', code: 'once' }, null))
        .refusal,
    ).toBe('ONCE has been used up.');
  });

  it('a once-per-customer code: a guest’s second order under the same email is refused, another email is fine', async () => {
    await createDiscountCode(staffId, form({ code: 'welcome', value: '20', maxUsesPerCustomer: '1' }));
    const first = await placeOrder(
      orderRequest('repeat@example.in'),
      await cartWith([{ productId: 1, quantity: 1 }], null, 'welcome'),
      null,
    );
    expect(first.ok).toBe(true);
    const again = await cartWith([{ productId: 1, quantity: 1 }], null, 'welcome');
    const shown = (await viewCart(again, null)).quote.total; // a guest's email is not known before checkout
    expect(await placeOrder({ ...orderRequest('Repeat@example.in'), expectedTotal: shown }, again, null)).toMatchObject(
      {
        ok: false,
        code: 'conflict',
        message: 'You have already used WELCOME. Your total is now ₹999. Please check your order and place it again.',
      },
    );
    expect(
      (await placeOrder({ ...orderRequest('someone.new@example.in'), expectedTotal: shown }, again, null)).ok,
    ).toBe(true);
  });
});
