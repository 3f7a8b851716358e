// Webhooks from the gateway: the signature is checked on the raw body before anything is parsed; the
// event is kept once by its id (a repeat answers 200 and changes nothing), without the payer's details
// (event-payload.ts), and processed in the background, so the gateway gets its 2xx at once. Processing
// reads the event's entities and settles through payments.server.ts, which makes every event safe in any
// order and any number of times.
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../../db/client';
import { paymentEvents } from '../../db/schema';
import { jobsStarted, sendJob } from '../../server/jobs/jobs.server';
import { refusal, type Refusal } from '../../lib/errors';
import { withoutPayerFields } from './event-payload';
import type { GatewayPayment } from './gateway';
import { paymentGateway } from './gateway.server';
import { findAttempt, kickRefunds, settlePayment, settleRefund } from './payments.server';
import { markTestWebhookDelivered, undeliveredTestWebhooks } from './test-gateway/api.server';

export const PROCESS_EVENT_JOB = 'payments.process-event';
/** A webhook body larger than this is not the gateway's. */
export const WEBHOOK_MAX_BYTES = 256 * 1024;

export type WebhookAnswer = { ok: true } | Refusal<'invalid' | 'not_found' | 'too_large'>;

const eventIdSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/);
const envelopeSchema = z.object({
  event: z.string().min(1).max(100),
  payload: z.record(z.string(), z.object({ entity: z.record(z.string(), z.unknown()) }).loose()),
});

/**
 * Takes one delivery: `rawBody` exactly as received, its `X-Razorpay-Signature` and
 * `x-razorpay-event-id` headers. Refused (400) unless signed with the webhook secret.
 */
export async function receiveWebhook(rawBody: string, signature: string, eventId: string): Promise<WebhookAnswer> {
  const gateway = paymentGateway();
  if (!gateway) return refusal('not_found', 'Online payments are off.');
  if (Buffer.byteLength(rawBody) > WEBHOOK_MAX_BYTES) return refusal('too_large', 'Too large.');
  // A forged post costs one HMAC and no database access; a per-address limit would add a write to each.
  if (!signature || !gateway.verifyWebhook(rawBody, signature)) return refusal('invalid', 'Bad signature.');
  if (!eventIdSchema.safeParse(eventId).success) return refusal('invalid', 'Missing or bad event id.');
  let envelope: z.infer<typeof envelopeSchema>;
  try {
    envelope = envelopeSchema.parse(JSON.parse(rawBody));
  } catch {
    return refusal('invalid', 'Not an event.');
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [kept] = await tx
      .insert(paymentEvents)
      .values({
        gateway: gateway.name,
        eventId,
        eventType: envelope.event,
        payload: withoutPayerFields(envelope.payload),
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (kept && jobsStarted()) await sendJob(PROCESS_EVENT_JOB, { gateway: gateway.name, eventId }, { tx });
  });
  return { ok: true };
}

type Entity = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const paymentOf = (entity: Entity): GatewayPayment => ({
  id: text(entity.id),
  amountPaise: Number(entity.amount),
  status: text(entity.status),
  method: text(entity.method) || null,
});

/** Processes one kept event (once: it is marked processed in the end). */
export async function processPaymentEvent(gatewayName: string, eventId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const [event] = await db
    .select()
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.gateway, gatewayName as 'razorpay'),
        eq(paymentEvents.eventId, eventId),
        isNull(paymentEvents.processedAt),
      ),
    );
  if (!event) return;
  const payload = event.payload as Record<string, { entity: Entity }>;
  const payment = payload.payment?.entity;
  switch (event.eventType) {
    case 'payment.captured':
    case 'order.paid': {
      // A checkout attempt by its gateway order; a link's own payments settle on payment_link.paid.
      const attempt = payment ? await findAttempt(gatewayName, 'order', text(payment.order_id)) : null;
      if (attempt && payment) await settlePayment(attempt, { ...paymentOf(payment), status: 'captured' }, now);
      break;
    }
    case 'payment_link.paid': {
      const link = payload.payment_link?.entity;
      const attempt = link ? await findAttempt(gatewayName, 'link', text(link.id)) : null;
      if (attempt && payment) await settlePayment(attempt, { ...paymentOf(payment), status: 'captured' }, now);
      break;
    }
    case 'refund.processed':
    case 'refund.failed': {
      const refund = payload.refund?.entity;
      if (refund) {
        await settleRefund(gatewayName, {
          id: text(refund.id),
          status: event.eventType === 'refund.processed' ? 'processed' : 'failed',
          receipt: text(refund.receipt) || null,
        });
      }
      break;
    }
    // payment.authorized (captured automatically), payment.failed (the shopper may try again): nothing to settle.
    default:
      break;
  }
  await db
    .update(paymentEvents)
    .set({ processedAt: now })
    .where(and(eq(paymentEvents.gateway, event.gateway), eq(paymentEvents.eventId, eventId)));
  await kickRefunds();
}

/** Events kept but not processed (their job was lost, or the engine is not running): oldest first. */
export async function processPendingEvents(olderThan = new Date()): Promise<number> {
  const db = await getDb();
  const pending = await db
    .select({ gateway: paymentEvents.gateway, eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(isNull(paymentEvents.processedAt), lte(paymentEvents.receivedAt, olderThan)))
    .orderBy(asc(paymentEvents.receivedAt))
    .limit(500);
  for (const event of pending) await processPaymentEvent(event.gateway, event.eventId);
  return pending.length;
}

/**
 * The built-in test gateway delivers its webhooks by handing them to the same intake a real delivery
 * reaches through POST /api/payments/webhook: raw body, signature and event id.
 */
export async function deliverTestWebhooks(): Promise<number> {
  if (paymentGateway()?.name !== 'test') return 0;
  let delivered = 0;
  for (const hook of await undeliveredTestWebhooks()) {
    const answer = await receiveWebhook(hook.body, hook.signature, hook.eventId);
    if (!answer.ok) console.error(`Test gateway webhook ${hook.eventId} refused: ${answer.message}`);
    await markTestWebhookDelivered(hook.eventId);
    delivered++;
  }
  return delivered;
}
