// An order's SMS and WhatsApp messages on a real database: a cash-on-delivery order's confirmation link
// goes by SMS to its phone whatever the customer chose (transactional); WhatsApp updates (placed with the
// confirmation link, shipped with the courier's tracking link, out for delivery, delivered) go only after
// the checkout's opt-in, recorded with its time and source, and stop once withdrawn; a move applied again
// queues nothing twice; the link in the message opens the order and confirms it.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartWith } from '../../../tests/support/carts';
import { placeOnlineTestOrder } from '../../../tests/support/online-orders';
import { TEST_ADDRESS } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import { consentRecords, emailOutbox, messageOutbox, orders } from '../../db/schema';
import { resetEnv } from '../../server/config/env.server';
import { resetPaymentGateway } from '../payments/gateway.server';
import { placeOrder } from '../checkout/checkout.server';
import { PostedForm } from '../../server/http/form.server';
import { recordConsent } from '../privacy/consent-records.server';
import { applyMove } from './apply-move.server';
import { moveOrder } from './order-desk.server';
import { orderFormRequest } from './order-page.server';

const staff = { id: null, name: 'Desk Tester' };
let keys = 0;

async function placeCod(email: string, whatsappUpdates: boolean, phone = '+91 98123 45670') {
  const cart = await cartWith([{ productId: 2, quantity: 1 }]);
  const placed = await placeOrder(
    {
      email,
      phone,
      address: TEST_ADDRESS,
      usePoints: false,
      expectedTotal: null,
      idempotencyKey: `order-messages-${++keys}-${Date.now()}`,
      whatsappUpdates,
    },
    cart,
    null,
  );
  if (!placed.ok) throw new Error(placed.message);
  const [order] = await (await getDb()).select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
  return order;
}

const messagesOf = async (orderId: number) =>
  (await getDb()).select().from(messageOutbox).where(eq(messageOutbox.orderId, orderId)).orderBy(asc(messageOutbox.id));

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return new PostedForm(data);
};

describe('order messages', () => {
  it('without the WhatsApp opt-in: only the confirmation link, by SMS to the order’s phone', async () => {
    const order = await placeCod('sms-only@example.in', false);
    const messages = await messagesOf(order.id);
    expect(messages.map((m) => [m.channel, m.template, m.toPhone])).toEqual([
      ['sms', 'cod_confirmation', '919812345670'],
    ]);
    expect(messages[0].params.link).toMatch(new RegExp(`/order/${order.orderNumber}\\?token=[\\w-]+#confirm-order$`));
    // The same page offers paying online instead: the SMS says so, with what it saves (the desk's 5 % offer).
    const saving = Math.round((order.subtotal - order.discount) * 0.05);
    expect(saving).toBeGreaterThan(0);
    expect(messages[0].params.instead).toBe(`Pay online there, save ₹${saving}.`);
    expect(messages[0].body).toBe(
      `Vedara Ayurveda: confirm your cash-on-delivery order ${order.orderNumber} of ₹${order.total} here: ${messages[0].params.link} Pay online there, save ₹${saving}.`,
    );
    for (const move of [
      { move: 'confirm' },
      { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL900000001' },
      { move: 'out_for_delivery' },
      { move: 'deliver' },
    ])
      expect(await moveOrder(staff, order.orderNumber, move), move.move).toEqual({ ok: true });
    expect(await messagesOf(order.id)).toHaveLength(1);
  });

  it('with the opt-in: consent recorded at checkout, then every update on WhatsApp, each once', async () => {
    const email = 'whatsapp-yes@example.in';
    const order = await placeCod(email, true);
    const [consent] = await (await getDb()).select().from(consentRecords).where(eq(consentRecords.email, email));
    expect(consent).toMatchObject({
      purpose: 'whatsapp_order_updates',
      granted: true,
      source: 'checkout',
      wording: 'Send me order updates on WhatsApp',
      createdAt: expect.any(Date),
    });
    for (const move of [
      { move: 'confirm' },
      { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL900000002' },
      { move: 'out_for_delivery' },
      { move: 'deliver' },
    ])
      expect(await moveOrder(staff, order.orderNumber, move), move.move).toEqual({ ok: true });
    const messages = await messagesOf(order.id);
    expect(messages.map((m) => [m.channel, m.template])).toEqual([
      ['sms', 'cod_confirmation'],
      ['whatsapp', 'order_placed_cod'],
      ['whatsapp', 'order_shipped'],
      ['whatsapp', 'order_out_for_delivery'],
      ['whatsapp', 'order_delivered'],
    ]);
    const [sms, placed, shipped, out] = messages;
    expect(placed.params.link).toBe(sms.params.link);
    expect(placed.body).toContain(`Namaste ${TEST_ADDRESS.name}, thank you for your order ${order.orderNumber}`);
    expect(shipped.body).toContain('https://www.delhivery.com/track-v2/package/DL900000002');
    expect(out.body).toContain(`Please keep ₹${order.total} ready in cash.`);

    // A move applied again (a retried step) is refused by the lifecycle, and queues nothing.
    expect(await applyMove(order.id, 'deliver', { now: new Date() })).toMatchObject({ ok: false });
    expect(await messagesOf(order.id)).toHaveLength(5);
  });

  it('once withdrawn (account page), no more WhatsApp; the SMS confirmation link still goes', async () => {
    const email = 'whatsapp-withdrawn@example.in';
    const first = await placeCod(email, true);
    await recordConsent(await getDb(), { email, purpose: 'whatsapp_order_updates', granted: false, source: 'account' });
    expect(await moveOrder(staff, first.orderNumber, { move: 'confirm' })).toEqual({ ok: true });
    expect(
      await moveOrder(staff, first.orderNumber, { move: 'ship', courier: 'Blue Dart', trackingNumber: 'BD12345' }),
    ).toEqual({ ok: true });
    expect((await messagesOf(first.id)).map((m) => m.template)).toEqual(['cod_confirmation', 'order_placed_cod']);
    const second = await placeCod(email, false);
    expect((await messagesOf(second.id)).map((m) => m.template)).toEqual(['cod_confirmation']);
  });

  it('paid online: no confirmation SMS; the placed update goes on WhatsApp once the payment is in', async () => {
    const email = 'paid-online@example.in';
    await recordConsent(await getDb(), { email, purpose: 'whatsapp_order_updates', granted: true, source: 'account' });
    const order = await placeOnlineTestOrder(email, 'paid');
    const messages = await messagesOf(order.id);
    expect(messages.map((m) => [m.channel, m.template, m.toPhone])).toEqual([
      ['whatsapp', 'order_placed', '919876543210'],
    ]);
    expect(messages[0].body).toContain(`your order ${order.orderNumber} of ₹${order.total} is paid and confirmed`);
  });

  it('the link in the message confirms the order from its page', async () => {
    const order = await placeCod('confirm-by-link@example.in', true);
    const [sms] = await messagesOf(order.id);
    const token = new URL(sms.params.link).searchParams.get('token');
    expect(
      await orderFormRequest(form({ intent: 'confirm_order' }), order.orderNumber, { customer: null, token }),
    ).toMatchObject({ ok: true });
    const [row] = await (await getDb()).select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('confirmed');
  });

  it('a store that takes cash only: the confirmation SMS and mail offer no online payment', async () => {
    process.env.PAYMENT_GATEWAY = 'off';
    resetEnv();
    resetPaymentGateway();
    try {
      const order = await placeCod('cash-only@example.in', false);
      const [sms] = await messagesOf(order.id);
      expect(sms.params.instead).toBe('');
      expect(sms.body).toBe(
        `Vedara Ayurveda: confirm your cash-on-delivery order ${order.orderNumber} of ₹${order.total} here: ${sms.params.link}`,
      );
      const [mail] = await (await getDb())
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, 'cash-only@example.in'), eq(emailOutbox.kind, 'order_confirmation')));
      expect(mail.textBody).toContain('Confirm your order: ');
      expect(mail.textBody).not.toContain('Rather pay now?');
      expect(mail.textBody).not.toContain('Pay online instead');
    } finally {
      delete process.env.PAYMENT_GATEWAY;
      resetEnv();
      resetPaymentGateway();
    }
  });
});
