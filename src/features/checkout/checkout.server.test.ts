// Placing, reading, cancelling and tracking orders on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { emailOutbox, orderLines, orders, orderStatusHistory, productStock } from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import { cartWith, type TestLine } from '../../../tests/support/carts';
import { changeCart, viewCart } from '../cart/cart.server';
import { placeOrder, type Customer } from './checkout.server';
import type { PlaceOrderRequest } from './checkout.schema';
import { orderAccessToken } from '../orders/order-access.server';
import { CANCEL_REFUSED, cancelOrder, getOrderDetail, listCustomerOrders, trackOrder } from '../orders/orders.server';

/** A real customer account (orders of account holders also move reward points). */
async function account(email: string): Promise<Customer> {
  const auth = await getAuth();
  const { user } = await auth.api.signUpEmail({ body: { name: 'Test Customer', email, password: 'tulsi-leaf-42' } });
  return { id: user.id, email: user.email };
}

let keys = 0;
const request = (over: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest => ({
  email: 'asha@example.in',
  phone: '+91 98765 43210',
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
  idempotencyKey: `test-key-${Date.now()}-${keys++}-abcdef`,
  ...over,
});

const stockOf = async (productId: number) => {
  const db = await getDb();
  const [row] = await db.select().from(productStock).where(eq(productStock.productId, productId));
  return row.quantity;
};

const ONE_SHILAJIT: TestLine[] = [{ productId: 1, quantity: 1 }];

/** Places the order for a fresh cart of these lines (the customer's own cart when signed in). */
const placed = async (
  req: PlaceOrderRequest,
  customer: Customer | null = null,
  lines = ONE_SHILAJIT,
  code?: string,
) => {
  const result = await placeOrder(req, await cartWith(lines, customer, code), customer);
  if (!result.ok) throw new Error(`expected an order, got: ${result.message}`);
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, result.orderNumber));
  return order;
};

describe('placeOrder', () => {
  it('refuses a PIN code India Post does not have, and one where cash on delivery is not offered, taking nothing', async () => {
    const before = await stockOf(1);
    const unknown = await placeOrder(
      request({ address: { ...request().address, pin: '999999' } }),
      await cartWith(ONE_SHILAJIT, null),
      null,
    );
    expect(unknown).toMatchObject({
      ok: false,
      code: 'unprocessable',
      errors: { pin: "We can't take orders to this PIN yet" },
    });
    const islands = {
      name: 'Asha Rao',
      line1: '4 Marine Hill',
      line2: '',
      city: 'Port Blair',
      state: 'Andaman and Nicobar Islands',
      pin: '744101',
    };
    const noCod = await placeOrder(request({ address: islands }), await cartWith(ONE_SHILAJIT, null), null);
    expect(noCod).toMatchObject({ ok: false, code: 'unprocessable' });
    expect(!noCod.ok && noCod.errors.pin).toContain('Cash on delivery is not available for PIN code 744101');
    expect(await stockOf(1)).toBe(before);
  });

  it('records a priced order, its lines, a pending history row and the confirmation mail, and takes the stock', async () => {
    const before = await stockOf(1);
    const order = await placed(request(), null, ONE_SHILAJIT, 'SAVE10');
    expect(order).toMatchObject({
      status: 'pending',
      paymentMethod: 'cod',
      email: 'asha@example.in',
      phone: '9876543210',
      subtotal: 999,
      discount: 100,
      discountCode: 'save10',
      shipping: 0,
      total: 899,
    });
    expect(order.orderNumber).toMatch(/^VA-[2-9A-HJKMNP-Z]{8}$/);
    const db = await getDb();
    expect(await db.select().from(orderLines).where(eq(orderLines.orderId, order.id))).toMatchObject([
      { productId: 1, months: 1, quantity: 1, unitPrice: 999, lineTotal: 999 },
    ]);
    expect(await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))).toMatchObject([
      { status: 'pending' },
    ]);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order_confirmation'));
    expect(mail).toMatchObject({
      toAddress: 'asha@example.in',
      subject: `We received your order ${order.orderNumber}`,
    });
    expect(mail.textBody).toContain('It is not confirmed yet');
    expect(await stockOf(1)).toBe(before - 1);
  });

  it('takes a pack per month of a plan and charges ₹50 shipping below ₹499', async () => {
    const before = await stockOf(2);
    const order = await placed(request(), null, [{ productId: 2, months: 3, quantity: 1 }]);
    expect(order).toMatchObject({ subtotal: 1617, shipping: 0, total: 1617 });
    expect(await stockOf(2)).toBe(before - 3);
    expect(await placed(request(), null, [{ productId: 11, quantity: 1 }])).toMatchObject({
      subtotal: 399,
      shipping: 50,
      total: 449,
    });
  });

  it('gives buy 1 get 1 on a marked product', async () => {
    expect(await placed(request(), null, [{ productId: 4, quantity: 2 }])).toMatchObject({
      subtotal: 1098,
      discount: 549,
      discountLabel: 'Buy 1 Get 1 Free',
      total: 549,
    });
  });

  it('refuses a wrong form with a message per field and places nothing', async () => {
    const db = await getDb();
    const count = (await db.select().from(orders)).length;
    const cart = await cartWith(ONE_SHILAJIT);
    const result = await placeOrder(
      request({ email: 'asha@', phone: '12345', address: { ...request().address, pin: '012345', state: 'Atlantis' } }),
      cart,
      null,
    );
    expect(result).toMatchObject({
      ok: false,
      code: 'unprocessable',
      errors: {
        email: 'Please enter a valid email address.',
        phone: expect.any(String),
        pin: 'Please enter a 6-digit PIN code.',
        state: expect.any(String),
      },
    });
    expect(await placeOrder(request(), null, null)).toMatchObject({
      ok: false,
      errors: { cart: 'Your cart is empty.' },
    });
    expect(await placeOrder(request(), await cartWith([]), null)).toMatchObject({
      ok: false,
      code: 'unprocessable',
      errors: { cart: 'Your cart is empty.' },
    });
    expect(await placeOrder(request({ idempotencyKey: 'x' }), cart, null)).toMatchObject({
      ok: false,
      errors: { form: expect.any(String) },
    });
    // A forged (lower) total is never charged: the order is refused and the cart kept.
    expect(await placeOrder(request({ expectedTotal: 1 }), cart, null)).toMatchObject({
      ok: false,
      code: 'conflict',
      errors: { form: 'Your total is now ₹999. Please check your order and place it again.' },
    });
    expect((await viewCart(cart, null)).quote.itemCount).toBe(1);
    expect((await db.select().from(orders)).length).toBe(count);
  });
});

describe('idempotency', () => {
  it('returns the same order when the same form is sent twice', async () => {
    const req = request();
    const first = await placeOrder(req, await cartWith(ONE_SHILAJIT), null);
    const again = await placeOrder(req, await cartWith([{ productId: 2, quantity: 5 }]), null);
    expect(first).toMatchObject({ ok: true, created: true });
    expect(again).toMatchObject({ ok: true, created: false, orderNumber: first.ok && first.orderNumber });
  });

  it('makes one order from simultaneous sends of one form', async () => {
    const before = await stockOf(3);
    const req = request();
    const cart = await cartWith([{ productId: 3, quantity: 1 }]);
    const results = await Promise.all(Array.from({ length: 8 }, () => placeOrder(req, cart, null)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => r.ok && r.orderNumber)).size).toBe(1);
    expect(results.filter((r) => r.ok && r.created)).toHaveLength(1);
    const db = await getDb();
    expect(await db.select().from(orders).where(eq(orders.idempotencyKey, req.idempotencyKey))).toHaveLength(1);
    expect(await stockOf(3)).toBe(before - 1);
  });
});

describe('stock', () => {
  it('sells the last unit to exactly one of 20 simultaneous orders; the rest are told it is out of stock', async () => {
    const db = await getDb();
    await db.update(productStock).set({ quantity: 1 }).where(eq(productStock.productId, 12));
    const carts = await Promise.all(Array.from({ length: 20 }, () => cartWith([{ productId: 12, quantity: 1 }])));
    const results = await Promise.all(
      carts.map((cart, i) => placeOrder(request({ email: `buyer${i}@example.in` }), cart, null)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(19);
    for (const r of refused)
      expect(r).toMatchObject({ ok: false, errors: { cart: 'Brahmi Focus Tablets is out of stock.' } });
    expect(await stockOf(12)).toBe(0);
  });

  it('says how many are left when fewer than asked remain', async () => {
    const db = await getDb();
    await db.update(productStock).set({ quantity: 3 }).where(eq(productStock.productId, 12));
    const cart = await cartWith([{ productId: 12, months: 3, quantity: 1 }]);
    await db.update(productStock).set({ quantity: 2 }).where(eq(productStock.productId, 12));
    expect(await placeOrder(request(), cart, null)).toMatchObject({
      ok: false,
      errors: { cart: 'Only 2 left of Brahmi Focus Tablets. Please lower the quantity.' },
    });
    expect(await stockOf(12)).toBe(2);
  });
});

describe('first-order offer', () => {
  it('gives 30 % off once per signed-in customer, never to guests', async () => {
    const customer = await account('meera@example.in');
    const items = [{ productId: 5, quantity: 2 }];
    expect((await viewCart(await cartWith(items, customer), customer)).quote.offer?.label).toBe(
      'First order (30% off)',
    );
    expect((await viewCart(await cartWith(items), null)).quote.discount).toBe(0);
    await changeCart(await cartWith([], customer), { intent: 'remove', productId: 5, months: 1 }, customer);
    const first = await placed(request({ email: customer.email }), customer, items);
    expect(first).toMatchObject({ customerId: customer.id, subtotal: 1498, discount: 449, total: 1049 });
    const second = await placed(request({ email: customer.email }), customer, items);
    expect(second).toMatchObject({ discount: 0, total: 1498 });
  });

  it('gives it to only one of two simultaneous first orders', async () => {
    const customer = await account('kabir@example.in');
    // Two devices' carts: a guest cart each, placed at once under the same account.
    const [one, two] = await Promise.all([
      cartWith([{ productId: 5, quantity: 2 }]),
      cartWith([{ productId: 5, quantity: 2 }]),
    ]);
    const results = await Promise.all(
      [one, two].map((cart) => placeOrder(request({ email: customer.email }), cart, customer)),
    );
    const db = await getDb();
    const made = await Promise.all(
      results.map(
        async (r) =>
          (
            await db
              .select()
              .from(orders)
              .where(eq(orders.orderNumber, r.ok ? r.orderNumber : ''))
          )[0],
      ),
    );
    expect(made.map((o) => o.discount).sort((a, b) => a - b)).toEqual([0, 449]);
  });

  it('counts earlier guest orders under the customer email', async () => {
    await placed(request({ email: 'guest-then-member@example.in' }));
    const member = await account('Guest-Then-Member@example.in');
    expect((await viewCart(await cartWith(ONE_SHILAJIT, member), member)).quote.discount).toBe(0);
  });
});

describe('reading, cancelling and tracking', () => {
  let owner: Customer;
  beforeAll(async () => {
    owner = await account('owner@example.in');
  });

  it('shows an order to its owner or a signed link, and to nobody else', async () => {
    const order = await placed(request({ email: owner.email }), owner);
    expect(await getOrderDetail(order.orderNumber, { customer: owner })).toMatchObject({
      order: { id: order.id },
      lines: [{ productId: 1 }],
      history: [{ status: 'pending' }],
    });
    expect(await getOrderDetail(order.orderNumber.toLowerCase(), { customer: { id: 'someone-else' } })).toBeNull();
    expect(
      await getOrderDetail(order.orderNumber, {
        customer: null,
        token: orderAccessToken(order.orderNumber, order.email),
      }),
    ).not.toBeNull();
    expect(
      await getOrderDetail(order.orderNumber, {
        customer: null,
        token: orderAccessToken(order.orderNumber, 'other@example.in'),
      }),
    ).toBeNull();
    expect((await listCustomerOrders(owner.id))[0].orderNumber).toBe(order.orderNumber);
    expect(await listCustomerOrders('someone-else')).toEqual([]);
  });

  it('lets the owner cancel within 12 hours: status, history, stock back and a mail', async () => {
    const order = await placed(request({ email: owner.email }), owner, [{ productId: 6, months: 2, quantity: 1 }]);
    const stock = await stockOf(6);
    expect(await cancelOrder(order.orderNumber, { customer: { id: 'someone-else' } })).toBeNull();
    const later = new Date(order.createdAt.getTime() + 12 * 3_600_000);
    expect(await cancelOrder(order.orderNumber, { customer: owner }, later)).toEqual({
      ok: false,
      code: 'conflict',
      message: CANCEL_REFUSED,
    });
    expect(
      await cancelOrder(order.orderNumber, { customer: owner }, new Date(order.createdAt.getTime() + 60_000)),
    ).toEqual({ ok: true });
    const detail = await getOrderDetail(order.orderNumber, { customer: owner });
    expect(detail?.order.status).toBe('cancelled');
    expect(detail?.history.map((h) => h.status)).toEqual(['pending', 'cancelled']);
    expect(await stockOf(6)).toBe(stock + 2);
    const db = await getDb();
    expect(
      await db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, `Your order ${order.orderNumber} is cancelled`)),
    ).toHaveLength(1);
    expect(
      await cancelOrder(order.orderNumber, { customer: owner }, new Date(order.createdAt.getTime() + 120_000)),
    ).toEqual({ ok: false, code: 'conflict', message: CANCEL_REFUSED });
  });

  it('tracks by order ID in any case and the email; a wrong email is the same as an unknown order', async () => {
    const order = await placed(request({ email: 'track@example.in' }));
    const tracked = await trackOrder(` ${order.orderNumber.toLowerCase()} `, 'TRACK@example.in');
    expect(tracked).toMatchObject({ orderNumber: order.orderNumber, status: 'pending' });
    expect(tracked?.stages.map((s) => s.done)).toEqual([true, false, false, false]);
    expect(await trackOrder(order.orderNumber, 'someone@example.in')).toBeNull();
    expect(await trackOrder('VA-ZZZZZZZZ', 'track@example.in')).toBeNull();
    expect(await trackOrder('hello', 'track@example.in')).toBeNull();
  });
});

describe('reward points and referral coupons at checkout', () => {
  it('pays with points, earns 5 per ₹1 paid, and a coupon works for one order only', async () => {
    const { rewardsSummary, applyReferral } = await import('../rewards/rewards.server');
    const referrer = await account('points-referrer@example.in');
    const buyer = await account('points-buyer@example.in');
    const db = await getDb();
    const { referralCode } = await rewardsSummary({ id: referrer.id, name: 'Referrer' });
    await db.transaction((tx) => applyReferral(tx, buyer.id, referralCode));
    const [coupon] = (await rewardsSummary({ id: buyer.id, name: 'Buyer' })).coupons;

    // An earlier guest order under the same email makes this not a first order, so the coupon wins.
    await placed(request({ email: buyer.email }));
    const cart = await cartWith(ONE_SHILAJIT, buyer, coupon.code);
    const { quote } = await viewCart(cart, buyer, { usePoints: true });
    expect(quote.offer?.code).toBe(coupon.code);
    expect(quote.pointsRedeemed).toBe(10_000);

    const result = await placeOrder(
      request({ email: buyer.email, usePoints: true, expectedTotal: quote.total }),
      cart,
      buyer,
    );
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, result.ok ? result.orderNumber : ''));
    expect(order).toMatchObject({ discountCode: coupon.code, pointsRedeemed: 10_000, total: quote.total });
    const after = await rewardsSummary({ id: buyer.id, name: 'Buyer' });
    expect(after.balance).toBe(order.total * 5);
    expect(after.coupons).toEqual([]);

    // The used coupon cannot be applied again; the order cart lost its code with the order.
    const again = await changeCart(await cartWith(ONE_SHILAJIT, buyer), { intent: 'code', code: coupon.code }, buyer);
    expect(again.refusal).toBe('Invalid discount code');
    expect(again.cart.code).toBeNull();

    // Cancelling gives the spent points back and takes the earned ones.
    expect(await cancelOrder(order.orderNumber, { customer: buyer })).toEqual({ ok: true });
    expect((await rewardsSummary({ id: buyer.id, name: 'Buyer' })).balance).toBe(10_000);
  });
});

describe('track order limit', () => {
  it('answers 20 lookups per 10 minutes per address, then asks to wait; other addresses are unaffected', async () => {
    const { answerTrackRequest } = await import('../orders/track.server');
    const lookup = (ip: string) => answerTrackRequest({ orderId: 'VA-ZZZZZZZZ', email: 'nobody@example.in' }, ip);
    for (let i = 0; i < 20; i++) expect(await lookup('203.0.113.50')).toEqual({ kind: 'not_found' });
    expect(await lookup('203.0.113.50')).toEqual({ kind: 'limited' });
    expect(await lookup('203.0.113.51')).toEqual({ kind: 'not_found' });
  });
});
