// The payments' HTTP requests, for the thin routes in src/pages: the order page's "Pay now", the
// shopper's signed return from the hosted page, the checkout island's return, and the gateway's webhooks.
import { isValidOrderAccessToken, orderConfirmationPath } from '../orders/order-access.server';
import { findOrder } from '../orders/orders.server';
import { getSessionUser } from '../auth/session.server';
import { PAYMENT_MESSAGES } from '../../lib/payments';
import {
  type ReturnOutcome,
  settleCheckoutReturn,
  settleLinkReturn,
  startHostedPayment,
  switchToOnline,
} from './payments.server';
import { receiveWebhook } from './webhooks.server';
import { statusOf } from '../../server/http/error-status';

const noStore = { 'cache-control': 'private, no-store' };

/** The notices an order page shows after a payment step (`?payment=` names one; anything else shows none). */
export const PAYMENT_NOTICES = {
  paid: { ok: true, text: PAYMENT_MESSAGES.paid },
  processing: { ok: true, text: PAYMENT_MESSAGES.processing },
  failed: { ok: false, text: PAYMENT_MESSAGES.failed },
  refused: { ok: false, text: PAYMENT_MESSAGES.notAwaiting },
  unavailable: { ok: false, text: PAYMENT_MESSAGES.unavailable },
} as const;
export type PaymentNotice = keyof typeof PAYMENT_NOTICES;
export const paymentNotice = (value: string | null) =>
  value && Object.hasOwn(PAYMENT_NOTICES, value) ? PAYMENT_NOTICES[value as PaymentNotice] : null;

const orderPage = (orderNumber: string, email: string, notice: PaymentNotice) =>
  `${orderConfirmationPath(orderNumber, email)}&payment=${notice}`;

const redirect = (location: string) => new Response(null, { status: 303, headers: { location, ...noStore } });

/**
 * POST /order/{number}/pay: the order's owner (signed in, or holding its signed link) goes to the
 * gateway's page; with `intent=instead` a cash-on-delivery order switches to paying online first.
 */
export async function payOrderRequest(request: Request, orderNumber: string): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const token = typeof form?.get('token') === 'string' ? String(form.get('token')) : null;
  const order = await findOrder(orderNumber);
  const customer = order ? await getSessionUser(request.headers) : null;
  const mayPay =
    order &&
    ((customer && order.customerId === customer.id) || isValidOrderAccessToken(token, order.orderNumber, order.email));
  if (!order || !mayPay) return new Response('We could not find that order.', { status: 404, headers: noStore });
  // "Pay now instead": a cash-on-delivery order switches to paying online first.
  if (form?.get('intent') === 'instead') {
    const switched = await switchToOnline(order.id);
    if (!switched.ok) return redirect(orderPage(order.orderNumber, order.email, 'refused'));
  }
  const started = await startHostedPayment(order.orderNumber);
  if (started.ok && 'url' in started) return redirect(started.url);
  const notice = !started.ok && started.code === 'unavailable' ? 'unavailable' : 'refused';
  return redirect(orderPage(order.orderNumber, order.email, notice));
}

function afterReturn(outcome: Extract<ReturnOutcome, { ok: true }>): string {
  const notice: PaymentNotice =
    outcome.settlement === 'paid' || outcome.settlement === 'duplicate'
      ? 'paid'
      : outcome.settlement === 'late'
        ? 'refused'
        : 'processing';
  return orderPage(outcome.orderNumber, outcome.email, notice);
}

/** GET /order/pay/return: the hosted page sends the shopper back with the gateway's signed parameters. */
export async function linkReturnRequest(url: URL): Promise<{ redirect: string } | { error: string }> {
  const params = Object.fromEntries([...url.searchParams].map(([k, v]) => [k, v.slice(0, 200)]));
  const outcome = await settleLinkReturn(params);
  return outcome.ok ? { redirect: afterReturn(outcome) } : { error: outcome.message };
}

/** POST /api/payments/verify: the checkout island hands over what the gateway's checkout returned. */
export async function checkoutReturnRequest(request: Request): Promise<Response> {
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  const field = (name: string) => (typeof body?.[name] === 'string' ? (body[name] as string).slice(0, 200) : '');
  const outcome = await settleCheckoutReturn({
    gatewayOrderId: field('razorpay_order_id'),
    paymentId: field('razorpay_payment_id'),
    signature: field('razorpay_signature'),
  });
  if (!outcome.ok)
    return Response.json({ ok: false, message: outcome.message }, { status: statusOf(outcome.code), headers: noStore });
  return Response.json({ ok: true, url: afterReturn(outcome) }, { headers: noStore });
}

/** POST /api/payments/webhook: the raw body, exactly as sent, is what the signature covers. */
export async function webhookRequest(request: Request): Promise<Response> {
  const raw = await request.text().catch(() => '');
  const answer = await receiveWebhook(
    raw,
    request.headers.get('x-razorpay-signature') ?? '',
    request.headers.get('x-razorpay-event-id') ?? '',
  );
  if (!answer.ok)
    return Response.json({ message: answer.message }, { status: statusOf(answer.code), headers: noStore });
  return Response.json({ message: 'OK' }, { headers: noStore });
}
