// Paying online against the built-in test gateway, on a real database: an order paid online waits for
// its money with its stock held; it becomes paid exactly once, whichever of the shopper's signed return,
// the webhooks (three times, in any order) or reconciliation comes first; a bad signature or a forged
// return changes nothing; an unpaid order is released when its time runs out and a payment arriving
// after that is refunded whole; a prepaid return's refund goes through the gateway once.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartWith } from '../../../tests/support/carts';
import { linesOf, mailsTo, TEST_ADDRESS } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import {
  gatewayRefunds,
  orders,
  paymentEvents,
  payments,
  productStock,
  returns,
  testGatewayObjects,
} from '../../db/schema';
import { PAYMENT_MESSAGES, PAYMENT_WINDOW_MINUTES } from '../../lib/payments';
import { placeOrder } from '../checkout/checkout.server';
import { applyMove } from '../orders/apply-move.server';
import { moveOrder } from '../orders/order-desk.server';
import { paymentGateway } from './gateway.server';
import {
  reconcilePayments,
  releaseUnpaidOrders,
  sendQueuedRefunds,
  settleCheckoutReturn,
  settleLinkReturn,
  startCheckoutPayment,
  startHostedPayment,
} from './payments.server';
import { payOnTestGateway, testGatewayApi, testGatewayKeys, undeliveredTestWebhooks } from './test-gateway/api.server';
import { signPayload } from './razorpay.server';
import { deliverTestWebhooks, processPendingEvents, receiveWebhook } from './webhooks.server';

let keys = 0;
const staff = { id: null, name: 'Desk Tester' };

async function stockOf(productId: number) {
  const db = await getDb();
  const [row] = await db.select().from(productStock).where(eq(productStock.productId, productId));
  return row.quantity;
}

async function orderRow(orderNumber: string) {
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row;
}

/** A guest's order of one pack of `productId`, paid online. */
async function placeOnlineOrder(email: string, productId = 3) {
  const cart = await cartWith([{ productId, quantity: 1 }]);
  const placed = await placeOrder(
    {
      email,
      phone: '9876543210',
      address: TEST_ADDRESS,
      usePoints: false,
      expectedTotal: null,
      idempotencyKey: `online-order-${++keys}-${Date.now()}`,
      paymentMethod: 'online',
    },
    cart,
    null,
  );
  if (!placed.ok) throw new Error(placed.message);
  return orderRow(placed.orderNumber);
}

/** The shopper opens the hosted page and pays (or fails); returns the signed return's parameters. */
async function payHosted(orderNumber: string, outcome: 'success' | 'failure' = 'success') {
  const started = await startHostedPayment(orderNumber);
  if (!started.ok || !('url' in started)) throw new Error(JSON.stringify(started));
  const linkId = new URL(started.url).pathname.split('/').at(-1)!;
  const paid = await payOnTestGateway(linkId, outcome, 'upi');
  if (!paid.ok) throw new Error(paid.message);
  return { linkId, callback: paid.callback ? Object.fromEntries(new URL(paid.callback).searchParams) : null };
}

async function paymentsOf(orderId: number) {
  const db = await getDb();
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
}

async function refundsOf(orderId: number) {
  const db = await getDb();
  return db.select().from(gatewayRefunds).where(eq(gatewayRefunds.orderId, orderId)).orderBy(gatewayRefunds.id);
}

/** Every undelivered webhook of the test gateway, as the gateway would post them. */
async function dropUndeliveredWebhooks() {
  const db = await getDb();
  await db
    .delete(testGatewayObjects)
    .where(
      and(eq(testGatewayObjects.entity, 'webhook'), sql`(${testGatewayObjects.body}->>'delivered')::boolean = false`),
    );
}

describe('paying online through the built-in test gateway', () => {
  it('runs on the test gateway when no keys are set, and labels it test mode', () => {
    expect(paymentGateway()).toMatchObject({ name: 'test', testMode: true });
  });

  it('places the order awaiting payment with its stock held, and the signed return pays it once', async () => {
    const before = await stockOf(3);
    const order = await placeOnlineOrder('upi-shopper@example.com');
    expect(order.status).toBe('awaiting_payment');
    expect(order.paymentMethod).toBe('online');
    expect(order.paymentDueAt!.getTime() - order.createdAt.getTime()).toBeGreaterThan(
      (PAYMENT_WINDOW_MINUTES - 1) * 60_000,
    );
    expect(await stockOf(3)).toBe(before - 1);
    expect((await mailsTo('upi-shopper@example.com')).map((m) => m.subject)).toEqual([
      `Complete the payment for your order ${order.orderNumber}`,
    ]);

    const { callback } = await payHosted(order.orderNumber);
    const settled = await settleLinkReturn(callback!);
    expect(settled).toMatchObject({ ok: true, settlement: 'paid' });
    expect((await orderRow(order.orderNumber)).status).toBe('confirmed');
    // Back again (a reload of the return page): nothing more happens.
    expect(await settleLinkReturn(callback!)).toMatchObject({ ok: true, settlement: 'duplicate' });
    const paid = await paymentsOf(order.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ applied: true, amountPaise: order.total * 100, method: 'upi' });
    expect(await stockOf(3)).toBe(before - 1);
    expect((await mailsTo('upi-shopper@example.com')).map((m) => m.subject)).toContain(
      `Your order ${order.orderNumber} is paid and confirmed`,
    );

    // The webhooks that follow (authorized, captured, order paid, link paid), each delivered three times.
    const hooks = await undeliveredTestWebhooks();
    expect(hooks.map((h) => JSON.parse(h.body).event)).toEqual([
      'payment.authorized',
      'payment.captured',
      'order.paid',
      'payment_link.paid',
    ]);
    for (let time = 0; time < 3; time++) {
      for (const hook of hooks)
        expect(await receiveWebhook(hook.body, hook.signature, hook.eventId)).toEqual({ ok: true });
    }
    expect(await processPendingEvents()).toBe(4);
    expect(await processPendingEvents()).toBe(0);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await refundsOf(order.id)).toEqual([]);
    // The gateway's payment names the payer, as Razorpay's does; the events are kept without them.
    const sent = JSON.parse(hooks[1].body).payload.payment.entity;
    expect([sent.email, sent.contact, sent.vpa]).toEqual([
      'upi-shopper@example.com',
      `+91${order.phone}`,
      'success@razorpay',
    ]);
    const kept = await (await getDb())
      .select()
      .from(paymentEvents)
      .where(sql`${paymentEvents.payload}::text like ${`%${sent.id}%`}`);
    expect(kept).toHaveLength(4);
    expect(JSON.stringify(kept)).not.toMatch(new RegExp(`upi-shopper|${order.phone}|success@razorpay`));
  });

  it('settles from the webhooks alone, whatever their order, when the shopper never comes back', async () => {
    const order = await placeOnlineOrder('closed-the-tab@example.com');
    await payHosted(order.orderNumber);
    const hooks = (await undeliveredTestWebhooks()).reverse();
    for (const hook of hooks) await receiveWebhook(hook.body, hook.signature, hook.eventId);
    await processPendingEvents();
    expect((await orderRow(order.orderNumber)).status).toBe('confirmed');
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('refuses a webhook with a bad signature and keeps nothing of it', async () => {
    const order = await placeOnlineOrder('forged-hook@example.com');
    await payHosted(order.orderNumber);
    const [hook] = (await undeliveredTestWebhooks()).filter((h) => JSON.parse(h.body).event === 'payment_link.paid');
    const tampered = hook.body.replace(/"amount":\d+/, '"amount":100');
    expect(await receiveWebhook(tampered, hook.signature, 'evt_forged_1')).toMatchObject({ code: 'invalid' });
    expect(await receiveWebhook(hook.body, 'f'.repeat(64), 'evt_forged_2')).toMatchObject({ code: 'invalid' });
    expect(await receiveWebhook(hook.body, '', 'evt_forged_3')).toMatchObject({ code: 'invalid' });
    const db = await getDb();
    const kept = await db.select().from(paymentEvents).where(sql`${paymentEvents.eventId} like 'evt_forged_%'`);
    expect(kept).toEqual([]);
    expect((await orderRow(order.orderNumber)).status).toBe('awaiting_payment');
    await dropUndeliveredWebhooks();
  });

  it('refuses a forged or altered return from the hosted page and changes nothing', async () => {
    const order = await placeOnlineOrder('forged-return@example.com');
    const { callback, linkId } = await payHosted(order.orderNumber, 'success');
    await dropUndeliveredWebhooks();
    const forgeries = [
      { ...callback, razorpay_signature: 'a'.repeat(64) },
      { ...callback, razorpay_payment_link_status: 'failed' },
      { ...callback, razorpay_payment_link_reference_id: 'VA-OTHER-1' },
      { ...callback, razorpay_payment_link_id: 'plink_unknown00000000' },
      {
        // Signed with a key of its own: not the store's.
        ...callback,
        razorpay_signature: signPayload(
          'not-the-key',
          `${linkId}|${callback!.razorpay_payment_link_reference_id}|paid|x`,
        ),
      },
      {},
    ];
    for (const forged of forgeries) {
      expect(await settleLinkReturn(forged as Record<string, string>)).toEqual({
        ok: false,
        code: 'invalid',
        message: PAYMENT_MESSAGES.notVerified,
      });
    }
    expect((await orderRow(order.orderNumber)).status).toBe('awaiting_payment');
    expect(await paymentsOf(order.id)).toEqual([]);
  });

  it('settles an order whose webhooks never came by reconciliation', async () => {
    const order = await placeOnlineOrder('no-webhook@example.com');
    await payHosted(order.orderNumber);
    await dropUndeliveredWebhooks();
    const { settled } = await reconcilePayments();
    expect(settled).toContain('paid');
    expect((await orderRow(order.orderNumber)).status).toBe('confirmed');
    expect((await reconcilePayments()).settled).not.toContain('paid');
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('keeps waiting after a failed payment, then releases the order and its stock when time runs out', async () => {
    const before = await stockOf(5);
    const order = await placeOnlineOrder('declined@example.com', 5);
    const { callback } = await payHosted(order.orderNumber, 'failure');
    expect(callback).toBeNull();
    await deliverTestWebhooks();
    await processPendingEvents();
    expect((await orderRow(order.orderNumber)).status).toBe('awaiting_payment');
    // Abandoned: nothing happens before the window ends.
    expect(await releaseUnpaidOrders(new Date(order.paymentDueAt!.getTime() - 1000))).toBe(0);
    expect(await releaseUnpaidOrders(new Date(order.paymentDueAt!.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.orderNumber)).status).toBe('cancelled');
    expect(await stockOf(5)).toBe(before);
    expect((await mailsTo('declined@example.com')).map((m) => m.subject)).toContain(
      `Your order ${order.orderNumber} was released`,
    );
    expect(await startHostedPayment(order.orderNumber)).toMatchObject({ ok: false, code: 'conflict' });
  });

  it('refunds whole a payment that arrives after the order was released, once', async () => {
    const order = await placeOnlineOrder('paid-too-late@example.com');
    const started = await startHostedPayment(order.orderNumber);
    const linkId = new URL((started as { url: string }).url).pathname.split('/').at(-1)!;
    await releaseUnpaidOrders(new Date(order.paymentDueAt!.getTime() + 1000));
    expect((await orderRow(order.orderNumber)).status).toBe('cancelled');

    const paid = await payOnTestGateway(linkId, 'success', 'card');
    expect(paid.ok).toBe(true);
    await deliverTestWebhooks();
    await processPendingEvents();
    await reconcilePayments(new Date(), { includeClosed: true });
    const [late] = await paymentsOf(order.id);
    expect(late).toMatchObject({ applied: false, amountPaise: order.total * 100 });
    expect(await refundsOf(order.id)).toMatchObject([
      { reason: 'late_payment', amountPaise: order.total * 100, status: 'queued' },
    ]);
    expect(await sendQueuedRefunds()).toBe(1);
    expect(await sendQueuedRefunds()).toBe(0);
    // The gateway settles it by webhook.
    await deliverTestWebhooks();
    await processPendingEvents();
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({ status: 'processed' });
    expect(refund.gatewayRefundId).toMatch(/^rfnd_/);
    expect((await orderRow(order.orderNumber)).status).toBe('cancelled');
  });

  it('pays through the checkout opened in place, and refuses a tampered signature', async () => {
    const order = await placeOnlineOrder('in-place@example.com');
    const started = await startCheckoutPayment(order.orderNumber);
    if (!started.ok || !('checkout' in started)) throw new Error('no checkout');
    expect(started.checkout).toMatchObject({ amountPaise: order.total * 100, testMode: true });
    const paid = await payOnTestGateway(started.checkout.orderId, 'success', 'upi');
    if (!paid.ok || !paid.checkout) throw new Error('not paid');
    const returned = {
      gatewayOrderId: paid.checkout.razorpay_order_id,
      paymentId: paid.checkout.razorpay_payment_id,
      signature: paid.checkout.razorpay_signature,
    };
    // Its last digit changed (a signature that already ends in 0 gets a 1).
    const tampered = returned.signature.slice(0, -1) + (returned.signature.endsWith('0') ? '1' : '0');
    expect(await settleCheckoutReturn({ ...returned, signature: tampered })).toMatchObject({ ok: false });
    expect(await settleCheckoutReturn({ ...returned, paymentId: 'pay_someoneelse000' })).toMatchObject({ ok: false });
    expect((await orderRow(order.orderNumber)).status).toBe('awaiting_payment');
    expect(await settleCheckoutReturn(returned)).toMatchObject({ ok: true, settlement: 'paid' });
    expect((await orderRow(order.orderNumber)).status).toBe('confirmed');
    await dropUndeliveredWebhooks();
  });

  it('gives a cancelled paid order its money back through the gateway, once', async () => {
    const order = await placeOnlineOrder('cancels-paid@example.com');
    const { callback } = await payHosted(order.orderNumber);
    await settleLinkReturn(callback!);
    await dropUndeliveredWebhooks();
    expect(
      await applyMove(order.id, 'cancel_by_staff', { now: new Date(), staff, note: 'Out of stock at the warehouse.' }),
    ).toEqual({
      ok: true,
    });
    expect(await applyMove(order.id, 'cancel_by_staff', { now: new Date(), staff, note: 'Again.' })).toMatchObject({
      ok: false,
    });
    expect(await refundsOf(order.id)).toMatchObject([{ reason: 'cancelled', amountPaise: order.total * 100 }]);
    expect(await sendQueuedRefunds()).toBe(1);
    const cancelMail = (await mailsTo('cancels-paid@example.com')).find((m) => m.subject.includes('cancelled'));
    expect(cancelMail?.text).toContain('is being refunded to the account or UPI app you paid from');
    await dropUndeliveredWebhooks();
  });

  it("refunds a prepaid return's lines through the gateway once, however often it is asked", async () => {
    const order = await placeOnlineOrder('returns-prepaid@example.com');
    const { callback } = await payHosted(order.orderNumber);
    await settleLinkReturn(callback!);
    await dropUndeliveredWebhooks();
    for (const move of [
      { move: 'ship', courier: 'Delhivery', trackingNumber: `DL-${order.orderNumber}` },
      { move: 'deliver' },
    ]) {
      expect(await moveOrder(staff, order.orderNumber, move), move.move).toEqual({ ok: true });
    }
    const [line] = await linesOf(order.orderNumber);
    const now = new Date();
    expect(
      await applyMove(order.id, 'request_return', {
        now,
        newReturn: {
          reasonCategory: 'damaged',
          description: 'The jar arrived cracked.',
          photos: [],
          video: '',
          lines: [{ orderLineId: line.id, quantity: 1 }],
          destination: null,
        },
      }),
    ).toEqual({ ok: true });
    for (const move of ['accept_return', 'receive_return'] as const) {
      expect(await applyMove(order.id, move, { now, staff }), move).toEqual({ ok: true });
    }
    // No payout reference for a prepaid order: the money goes back the way it came.
    expect(await applyMove(order.id, 'refund', { now, staff })).toEqual({ ok: true });
    expect(await applyMove(order.id, 'refund', { now, staff })).toMatchObject({ ok: false });
    const db = await getDb();
    const [refunded] = await db.select().from(returns).where(eq(returns.orderId, order.id));
    expect(await refundsOf(order.id)).toMatchObject([
      { reason: 'return', returnId: refunded.id, amountPaise: refunded.refundPaise, status: 'queued' },
    ]);
    await Promise.all([sendQueuedRefunds(), sendQueuedRefunds()]);
    expect(await sendQueuedRefunds()).toBe(0);
    const gatewaySide = await db
      .select()
      .from(testGatewayObjects)
      .where(
        and(
          eq(testGatewayObjects.entity, 'refund'),
          eq(testGatewayObjects.parentId, (await paymentsOf(order.id))[0].gatewayPaymentId),
        ),
      );
    expect(gatewaySide).toHaveLength(1);
    expect(gatewaySide[0].body).toMatchObject({ amount: refunded.refundPaise, receipt: `return:${refunded.id}` });
    await dropUndeliveredWebhooks();
  });

  it("answers the gateway's API only with the test keys", async () => {
    const keys = testGatewayKeys();
    const create = (auth: { username: string; password: string } | null) =>
      testGatewayApi('POST', '/orders', { amount: 49900, currency: 'INR', receipt: 'VA-TEST' }, auth);
    expect((await create(null)).status).toBe(401);
    expect((await create({ username: keys.keyId, password: keys.webhookSecret })).status).toBe(401);
    const created = await create({ username: keys.keyId, password: keys.keySecret });
    expect(created).toMatchObject({ status: 200, data: { entity: 'order', amount: 49900, status: 'created' } });
    expect(
      (await testGatewayApi('POST', '/orders', { amount: 50 }, { username: keys.keyId, password: keys.keySecret }))
        .status,
    ).toBe(400);
  });
});
