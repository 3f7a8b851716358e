// The test gateway's hosted page (/test-gateway/pay/{link id}): what Razorpay's payment-link page does
// for the store — the shopper picks a method and pays, or the payment fails — with a banner that says
// no real money moves. Present only while the store runs on the built-in test gateway.
import { formatPaiseAsRupees } from '../../../lib/money';
import { TEST_CHECKOUT_SCRIPT_SOURCE } from './checkout-script';
import { paymentGateway } from '../gateway.server';
import {
  payOnTestGateway,
  TEST_PAYMENT_METHODS,
  type TestPaymentMethod,
  testGatewayApi,
  testPayTarget,
} from './api.server';

export const testGatewayActive = () => paymentGateway()?.name === 'test';

export interface TestPayPage {
  status: number;
  id: string;
  amount: string;
  description: string;
  method: TestPaymentMethod;
  /** Paid, expired or missing: nothing to pay. */
  closed: string | null;
  error: string | null;
}

const isMethod = (value: unknown): value is TestPaymentMethod =>
  typeof value === 'string' && (TEST_PAYMENT_METHODS as readonly string[]).includes(value);

/** GET shows the page; POST pays (or fails) and a success goes back to the store with the signed return. */
export async function testPayPageRequest(
  request: Request,
  id: string,
): Promise<TestPayPage | { redirect: string } | null> {
  if (!testGatewayActive() || !id.startsWith('plink_')) return null;
  let method: TestPaymentMethod = 'upi';
  let error: string | null = null;
  let status = 200;
  if (request.method === 'POST') {
    const form = await request.formData().catch(() => null);
    const outcome = form?.get('outcome') === 'failure' ? 'failure' : 'success';
    if (isMethod(form?.get('method'))) method = form!.get('method') as TestPaymentMethod;
    const paid = await payOnTestGateway(id, outcome, method);
    if (paid.ok && paid.callback) return { redirect: paid.callback };
    error = paid.ok
      ? 'Payment failed: the payer declined it. No money was taken. Try again or choose another method.'
      : paid.message;
    status = paid.ok ? 402 : 409;
  }
  const target = await testPayTarget(id);
  if (!target) return null;
  const closed =
    target.status === 'paid'
      ? 'This payment link has been paid.'
      : target.expired
        ? 'This payment link has expired.'
        : null;
  return {
    status,
    id,
    amount: formatPaiseAsRupees(target.amountPaise),
    description: target.description,
    method,
    closed,
    error,
  };
}

/** The API over HTTP: Basic auth with the test keys, JSON in and out. */
export async function testGatewayHttpRequest(request: Request, path: string): Promise<Response> {
  if (!testGatewayActive()) return new Response('Not found', { status: 404 });
  const [scheme, encoded] = (request.headers.get('authorization') ?? '').split(' ');
  const [username, password] =
    scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString().split(':') : ['', ''];
  const url = new URL(request.url);
  const body = request.method === 'GET' ? {} : await request.json().catch(() => ({}));
  const input = {
    ...(typeof body === 'object' && body && !Array.isArray(body) ? body : {}),
    ...Object.fromEntries(url.searchParams),
  };
  const answer = await testGatewayApi(request.method, `/${path}`, input, { username, password: password ?? '' });
  return Response.json(answer.data, { status: answer.status, headers: { 'cache-control': 'no-store' } });
}

/** GET /test-gateway/checkout.js: the stand-in for the gateway's checkout script. */
export function testCheckoutScriptRequest(): Response {
  if (!testGatewayActive()) return new Response('Not found', { status: 404 });
  return new Response(TEST_CHECKOUT_SCRIPT_SOURCE, {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** POST /test-gateway/checkout/pay: the stand-in's dialog pays (or fails) a gateway order. */
export async function testCheckoutPayRequest(request: Request): Promise<Response> {
  if (!testGatewayActive()) return new Response('Not found', { status: 404 });
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  const orderId = typeof body?.order_id === 'string' ? body.order_id : '';
  if (!orderId.startsWith('order_')) return Response.json({ message: 'Unknown order.' }, { status: 400 });
  const method = isMethod(body?.method) ? body.method : 'upi';
  // The payer's details, as Razorpay's checkout takes them from its prefill.
  const prefill = (body?.prefill ?? {}) as Record<string, unknown>;
  const payer = {
    email: String(prefill.email ?? '').slice(0, 200),
    contact: String(prefill.contact ?? '').slice(0, 20),
  };
  const paid = await payOnTestGateway(orderId, body?.outcome === 'failure' ? 'failure' : 'success', method, payer);
  if (!paid.ok) return Response.json({ message: paid.message }, { status: 409 });
  if (!paid.checkout) return Response.json({ message: 'Payment failed: the payer declined it.' }, { status: 402 });
  return Response.json(paid.checkout, { headers: { 'cache-control': 'no-store' } });
}
