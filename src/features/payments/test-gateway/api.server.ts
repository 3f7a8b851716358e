// The built-in test gateway: the part of Razorpay's API the store uses (orders, payment links,
// payments, refunds), answered from the store's own database in Razorpay's shapes, plus what a
// shopper does on the gateway's side (pay or fail on its hosted page or its checkout) and the signed
// webhooks that follow. It runs when no gateway keys are configured, so a newcomer can pay end to end
// on one machine and the tests never leave it; it is never real money (decision 0078).
import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb, type Tx } from '../../../db/client';
import { testGatewayObjects, type TestGatewayEntity } from '../../../db/schema';
import { authSecret } from '../../../server/auth-secret.server';
import { jobsStarted, sendJob } from '../../../server/jobs/jobs.server';
import { siteHref } from '../../../server/http/site-origin.server';
import { type RazorpayKeys, type SdkRequest, type SdkTransport, signPayload } from '../razorpay.server';

type Body = Record<string, unknown>;
export type TestPayOutcome = 'success' | 'failure';
export const TEST_PAYMENT_METHODS = ['upi', 'card', 'netbanking', 'wallet'] as const;
export type TestPaymentMethod = (typeof TEST_PAYMENT_METHODS)[number];

/** Keys of their own, derived from the store's secret: stable across processes, never a public constant. */
export function testGatewayKeys(): RazorpayKeys {
  const derive = (purpose: string) =>
    createHmac('sha256', authSecret()).update(`vedara test gateway ${purpose}`).digest('base64url');
  return { keyId: 'rzp_test_vedara_local', keySecret: derive('key'), webhookSecret: derive('webhook') };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newId = (prefix: string) =>
  `${prefix}_${[...randomBytes(14)].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')}`;
const unixNow = () => Math.floor(Date.now() / 1000);

interface Answer {
  status: number;
  data: Body;
}
const ok = (data: Body, status = 200): Answer => ({ status, data });
const refusal = (status: number, description: string, code = 'BAD_REQUEST_ERROR'): Answer => ({
  status,
  data: { error: { code, description, source: 'business', step: 'NA', reason: 'input_validation_failed' } },
});

type Executor = Tx | Awaited<ReturnType<typeof getDb>>;

async function find(db: Executor, id: string, entity: TestGatewayEntity, lock = false): Promise<Body | null> {
  const query = db
    .select({ body: testGatewayObjects.body })
    .from(testGatewayObjects)
    .where(and(eq(testGatewayObjects.id, id), eq(testGatewayObjects.entity, entity)));
  const [row] = lock ? await query.for('update') : await query;
  return row?.body ?? null;
}

async function children(db: Executor, parentId: string, entity: TestGatewayEntity): Promise<Body[]> {
  const rows = await db
    .select({ body: testGatewayObjects.body })
    .from(testGatewayObjects)
    .where(and(eq(testGatewayObjects.parentId, parentId), eq(testGatewayObjects.entity, entity)))
    .orderBy(asc(testGatewayObjects.seq));
  return rows.map((r) => r.body);
}

// Records are listed in the order they were made (`seq`); clock_timestamp() gives each its own time.
const save = (db: Executor, entity: TestGatewayEntity, body: Body, parentId: string | null = null) =>
  db
    .insert(testGatewayObjects)
    .values({ id: String(body.id), entity, parentId, body, createdAt: sql`clock_timestamp()` });
const update = (db: Executor, body: Body) =>
  db
    .update(testGatewayObjects)
    .set({ body })
    .where(eq(testGatewayObjects.id, String(body.id)));

/** The job that delivers the test gateway's webhooks (registered in payments-jobs.server.ts). */
export const DELIVER_TEST_WEBHOOKS_JOB = 'test-gateway.deliver-webhooks';

/** A signed webhook the gateway still has to deliver (the delivery job hands it to the store's intake). */
async function queueWebhook(db: Executor, event: string, payload: Record<string, Body>) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_vedara_test',
    event,
    contains: Object.keys(payload),
    payload: Object.fromEntries(Object.entries(payload).map(([k, entity]) => [k, { entity }])),
    created_at: unixNow(),
  });
  const id = newId('evt');
  await save(db, 'webhook', {
    id,
    body,
    signature: signPayload(testGatewayKeys().webhookSecret, body),
    delivered: false,
  });
  if (jobsStarted() && 'execute' in db) await sendJob(DELIVER_TEST_WEBHOOKS_JOB, {}, { tx: db, singletonKey: 'now' });
}

export interface TestWebhook {
  eventId: string;
  body: string;
  signature: string;
}

/** Webhooks not yet delivered, oldest first. */
export async function undeliveredTestWebhooks(): Promise<TestWebhook[]> {
  const db = await getDb();
  const rows = await db
    .select({ body: testGatewayObjects.body })
    .from(testGatewayObjects)
    .where(
      and(eq(testGatewayObjects.entity, 'webhook'), sql`(${testGatewayObjects.body}->>'delivered')::boolean = false`),
    )
    .orderBy(asc(testGatewayObjects.seq));
  return rows.map(({ body }) => ({
    eventId: String(body.id),
    body: String(body.body),
    signature: String(body.signature),
  }));
}

export async function markTestWebhookDelivered(eventId: string) {
  const db = await getDb();
  await db
    .update(testGatewayObjects)
    .set({ body: sql`jsonb_set(${testGatewayObjects.body}, '{delivered}', 'true')` })
    .where(and(eq(testGatewayObjects.id, eventId), eq(testGatewayObjects.entity, 'webhook')));
}

const positivePaise = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 100;

async function createOrder(db: Executor, input: Body): Promise<Answer> {
  if (!positivePaise(input.amount)) return refusal(400, 'The amount must be atleast INR 1.00');
  if ((input.currency ?? 'INR') !== 'INR') return refusal(400, 'Currency is not supported');
  const order = {
    id: newId('order'),
    entity: 'order',
    amount: input.amount,
    amount_paid: 0,
    amount_due: input.amount,
    currency: 'INR',
    receipt: typeof input.receipt === 'string' ? input.receipt : null,
    offer_id: null,
    status: 'created',
    attempts: 0,
    notes: input.notes ?? [],
    created_at: unixNow(),
  };
  await save(db, 'order', order);
  return ok(order);
}

async function createLink(db: Executor, input: Body): Promise<Answer> {
  if (!positivePaise(input.amount)) return refusal(400, 'The amount must be atleast INR 1.00');
  const referenceId = typeof input.reference_id === 'string' ? input.reference_id : '';
  if (!referenceId || referenceId.length > 40) return refusal(400, 'reference_id must be 1 to 40 characters');
  const [taken] = await db
    .select({ id: testGatewayObjects.id })
    .from(testGatewayObjects)
    .where(
      and(
        eq(testGatewayObjects.entity, 'payment_link'),
        sql`${testGatewayObjects.body}->>'reference_id' = ${referenceId}`,
      ),
    );
  if (taken) return refusal(400, `Payment Link with reference id ${referenceId} already exists`);
  const id = newId('plink');
  // Razorpay makes an order behind every link; the link's payment carries that order's id.
  const order = (await createOrder(db, { amount: input.amount, receipt: referenceId })).data;
  const link = {
    id,
    entity: 'payment_link',
    amount: input.amount,
    amount_paid: 0,
    currency: 'INR',
    accept_partial: false,
    reference_id: referenceId,
    description: input.description ?? '',
    customer: input.customer ?? {},
    callback_url: input.callback_url ?? '',
    callback_method: input.callback_method ?? 'get',
    expire_by: input.expire_by ?? 0,
    order_id: order.id,
    status: 'created',
    payments: null,
    short_url: siteHref(`/test-gateway/pay/${id}`),
    notes: input.notes ?? null,
    created_at: unixNow(),
  };
  await save(db, 'payment_link', link);
  return ok(link);
}

async function orderPayments(db: Executor, orderId: string): Promise<Answer> {
  if (!(await find(db, orderId, 'order'))) return refusal(400, 'The id provided does not exist');
  const items = await children(db, orderId, 'payment');
  return ok({ entity: 'collection', count: items.length, items });
}

async function refundPayment(db: Executor, paymentId: string, input: Body): Promise<Answer> {
  return db.transaction(async (tx) => {
    const payment = await find(tx, paymentId, 'payment', true);
    if (!payment) return refusal(400, 'The id provided does not exist');
    if (payment.status !== 'captured' && payment.status !== 'refunded')
      return refusal(400, 'The payment has not been captured');
    const left = Number(payment.amount) - Number(payment.amount_refunded ?? 0);
    const amount = input.amount === undefined ? left : input.amount;
    if (!positivePaise(amount)) return refusal(400, 'The refund amount must be atleast INR 1.00');
    if ((amount as number) > left)
      return refusal(400, 'The total refund amount is greater than the refund payment amount');
    const refund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: paymentId,
      receipt: typeof input.receipt === 'string' ? input.receipt : null,
      notes: input.notes ?? [],
      status: 'pending',
      speed_requested: input.speed ?? 'normal',
      speed_processed: 'normal',
      created_at: unixNow(),
    };
    await save(tx, 'refund', refund, paymentId);
    const refunded = Number(payment.amount_refunded ?? 0) + (amount as number);
    await update(tx, {
      ...payment,
      amount_refunded: refunded,
      refund_status: refunded === Number(payment.amount) ? 'full' : 'partial',
      status: refunded === Number(payment.amount) ? 'refunded' : payment.status,
    });
    // The bank settles it a moment later: the gateway says so by webhook.
    await queueWebhook(tx, 'refund.processed', { refund: { ...refund, status: 'processed' }, payment });
    return ok(refund);
  });
}

/** Routes one API call (path after /v1), as the SDK or an HTTP client makes it. */
export async function testGatewayApi(
  method: string,
  path: string,
  input: Body,
  auth: { username: string; password: string } | null,
): Promise<Answer> {
  const keys = testGatewayKeys();
  if (auth?.username !== keys.keyId || auth.password !== keys.keySecret)
    return refusal(401, 'Authentication failed', 'BAD_REQUEST_ERROR');
  const db = await getDb();
  const parts = path.split('/').filter(Boolean);
  const verb = method.toUpperCase();
  const [resource, id, sub] = parts;
  if (resource === 'orders' && verb === 'POST' && parts.length === 1) return createOrder(db, input);
  if (resource === 'orders' && verb === 'GET' && parts.length === 2) {
    const order = await find(db, id, 'order');
    return order ? ok(order) : refusal(400, 'The id provided does not exist');
  }
  if (resource === 'orders' && verb === 'GET' && sub === 'payments') return orderPayments(db, id);
  if (resource === 'payment_links' && verb === 'POST' && parts.length === 1) return createLink(db, input);
  if (resource === 'payment_links' && verb === 'GET' && parts.length === 2) {
    const link = await find(db, id, 'payment_link');
    return link ? ok(link) : refusal(400, 'The id provided does not exist');
  }
  if (resource === 'payments' && verb === 'GET' && parts.length === 2) {
    const payment = await find(db, id, 'payment');
    return payment ? ok(payment) : refusal(400, 'The id provided does not exist');
  }
  if (resource === 'payments' && verb === 'POST' && sub === 'refund') return refundPayment(db, id, input);
  if (resource === 'payments' && verb === 'GET' && sub === 'refunds') {
    const items = await children(db, id, 'refund');
    return ok({ entity: 'collection', count: items.length, items });
  }
  return refusal(404, 'The requested URL was not found on the server.', 'NOT_FOUND');
}

/** The SDK's calls answered in-process (the adapter's transport when no gateway keys are set). */
export const testGatewayTransport: SdkTransport = async (request: SdkRequest) => {
  const url = new URL(request.url ?? '', 'https://api.razorpay.com');
  const path = url.pathname.replace(/^\/v1/, '');
  const body = typeof request.data === 'string' && request.data ? (JSON.parse(request.data) as Body) : {};
  return testGatewayApi(request.method ?? 'get', path, { ...body, ...request.params }, request.auth ?? null);
};

/** What the hosted page shows for a link or a checkout order. */
export interface TestPayTarget {
  id: string;
  kind: 'payment_link' | 'order';
  amountPaise: number;
  description: string;
  status: string;
  expired: boolean;
  /** The order's payments so far (a failed one shows on the page). */
  lastPaymentFailed: boolean;
}

export async function testPayTarget(id: string): Promise<TestPayTarget | null> {
  const db = await getDb();
  const kind = id.startsWith('plink_') ? 'payment_link' : id.startsWith('order_') ? 'order' : null;
  if (!kind) return null;
  const target = await find(db, id, kind);
  if (!target) return null;
  const orderId = kind === 'order' ? id : String(target.order_id);
  const attempts = await children(db, orderId, 'payment');
  const expireBy = Number(target.expire_by ?? 0);
  return {
    id,
    kind,
    amountPaise: Number(target.amount),
    description: String(target.description ?? target.receipt ?? ''),
    status: String(target.status),
    expired: expireBy > 0 && expireBy < unixNow(),
    lastPaymentFailed: attempts.at(-1)?.status === 'failed',
  };
}

export type TestPayResult =
  | { ok: true; paymentId: string; captured: boolean; callback: string | null; checkout: Record<string, string> | null }
  | { ok: false; message: string };

/**
 * The shopper pays (or fails) on the test gateway's side, for a payment link (its hosted page) or a
 * checkout order (the checkout opened in place). A success captures the payment at once (Razorpay's
 * default auto-capture); every outcome queues its signed webhooks.
 */
export async function payOnTestGateway(
  id: string,
  outcome: TestPayOutcome,
  method: TestPaymentMethod,
  /** Who pays a checkout order (its prefill); a link's payer is the customer the link names. */
  payer: { email: string; contact: string } = { email: '', contact: '' },
): Promise<TestPayResult> {
  const db = await getDb();
  const kind = id.startsWith('plink_') ? 'payment_link' : 'order';
  return db.transaction(async (tx): Promise<TestPayResult> => {
    const target = await find(tx, id, kind, true);
    if (!target) return { ok: false, message: 'This payment page does not exist.' };
    if (target.status === 'paid') return { ok: false, message: 'This has already been paid.' };
    if (Number(target.expire_by ?? 0) > 0 && Number(target.expire_by) < unixNow())
      return { ok: false, message: 'This payment link has expired.' };
    const orderId = kind === 'order' ? id : String(target.order_id);
    const order = kind === 'order' ? target : await find(tx, orderId, 'order', true);
    if (!order) return { ok: false, message: 'This payment page does not exist.' };
    const captured = outcome === 'success';
    const customer = (kind === 'payment_link' ? (target.customer ?? {}) : {}) as Record<string, unknown>;
    const payment = {
      id: newId('pay'),
      entity: 'payment',
      amount: target.amount,
      currency: 'INR',
      status: captured ? 'captured' : 'failed',
      order_id: orderId,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured,
      description: String(target.description ?? ''),
      // Like Razorpay's, the payment names the payer: the link's customer, or the checkout's prefill.
      email: String(customer.email || payer.email),
      contact: String(customer.contact || payer.contact),
      ...(method === 'upi' && { vpa: captured ? 'success@razorpay' : 'failure@razorpay' }),
      ...(method === 'card' && { card: { last4: '1111', network: 'Visa', name: String(customer.name ?? '') } }),
      notes: [],
      error_code: captured ? null : 'BAD_REQUEST_ERROR',
      error_description: captured ? null : 'Payment failed because the payer declined it.',
      created_at: unixNow(),
    };
    await save(tx, 'payment', payment, orderId);
    if (!captured) {
      await queueWebhook(tx, 'payment.failed', { payment });
      return { ok: true, paymentId: payment.id, captured, callback: null, checkout: null };
    }
    const paidOrder = {
      ...order,
      amount_paid: order.amount,
      amount_due: 0,
      status: 'paid',
      attempts: Number(order.attempts ?? 0) + 1,
    };
    await update(tx, paidOrder);
    await queueWebhook(tx, 'payment.authorized', { payment: { ...payment, status: 'authorized', captured: false } });
    await queueWebhook(tx, 'payment.captured', { payment });
    await queueWebhook(tx, 'order.paid', { payment, order: paidOrder });
    const { keySecret } = testGatewayKeys();
    if (kind === 'order') {
      const signature = signPayload(keySecret, `${orderId}|${payment.id}`);
      return {
        ok: true,
        paymentId: payment.id,
        captured,
        callback: null,
        checkout: { razorpay_payment_id: payment.id, razorpay_order_id: orderId, razorpay_signature: signature },
      };
    }
    const link: Body = { ...target, status: 'paid', amount_paid: target.amount, payments: [linkPayment(payment)] };
    await update(tx, link);
    await queueWebhook(tx, 'payment_link.paid', { payment_link: link, payment, order: paidOrder });
    const params = {
      razorpay_payment_id: payment.id,
      razorpay_payment_link_id: id,
      razorpay_payment_link_reference_id: String(link.reference_id),
      razorpay_payment_link_status: 'paid',
    };
    const signature = signPayload(
      keySecret,
      `${params.razorpay_payment_link_id}|${params.razorpay_payment_link_reference_id}|paid|${payment.id}`,
    );
    const callback = new URL(String(link.callback_url));
    for (const [k, v] of Object.entries({ ...params, razorpay_signature: signature })) callback.searchParams.set(k, v);
    return { ok: true, paymentId: payment.id, captured, callback: callback.href, checkout: null };
  });
}

/** A payment as a payment link lists it. */
const linkPayment = (payment: Body) => ({
  amount: payment.amount,
  created_at: payment.created_at,
  method: payment.method,
  payment_id: payment.id,
  plink_id: null,
  status: payment.status,
  updated_at: payment.created_at,
});
