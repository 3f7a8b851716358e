// The message queue: a feature queues an SMS or WhatsApp message in the transaction of the step that
// caused it, under an idempotency key naming that step (an order's event and the channel), so a step that
// runs again queues nothing new. Each message is one job on the job engine, queued in the same
// transaction; the job sends it through the channel's transport, and the engine retries a failure with a
// doubling backoff. The row, not the job, is the record: a message is sent at most once, a failure is kept
// with its reason for the staff (/admin/mail), who can send it again (decision 0095).
import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import { getDb } from '../../db/client';
import type { Db, Tx } from '../../db/database';
import { messageOutbox } from '../../db/schema';
import { jobsStarted, registerJob, sendJob } from '../jobs/jobs.server';
import type { RunningJob } from '../jobs/engine.server';
import { channelTransport } from './channels.server';
import { type MessageChannel, renderTemplate, type TemplateName, MESSAGE_TEMPLATES } from './templates';
import { SendRefused } from './transport';

export const SEND_MESSAGE = 'messages.send';
export const QUEUE_UNSENT_MESSAGES = 'messages.queue-unsent';
/** Tries after the first: 1, 2, 4 … 32 minutes apart, then the message is failed (about an hour in all). */
export const MESSAGE_RETRIES = 6;
/** One provider call's limit; the job's own limit is above it. */
export const SEND_TIMEOUT_MS = 30_000;
/** How long a send holds its message: past one provider call and the bookkeeping after it. */
const SEND_LEASE_MS = SEND_TIMEOUT_MS + 30_000;

export interface QueuedMessage {
  template: TemplateName;
  /** 91 and the ten-digit mobile. */
  to: string;
  params: Record<string, string>;
  /** Names the step that sends it, e.g. `order:42:place:sms`: the same key is never queued twice. */
  idempotencyKey: string;
  orderId?: number | null;
}

type Executor = Db | Tx;

/**
 * Queues a message with the caller's transaction; null when its channel is off or the key was queued
 * before. The send job is queued in the same transaction when this process runs the job engine; otherwise
 * the sweep below queues it within five minutes.
 */
export async function enqueueMessage(executor: Executor, message: QueuedMessage): Promise<number | null> {
  const channel: MessageChannel = MESSAGE_TEMPLATES[message.template].channel;
  if (!channelTransport(channel)) return null;
  const queueJob = jobsStarted();
  const [row] = await executor
    .insert(messageOutbox)
    .values({
      channel,
      template: message.template,
      toPhone: message.to,
      params: message.params,
      body: renderTemplate(message.template, message.params),
      idempotencyKey: message.idempotencyKey,
      orderId: message.orderId ?? null,
      jobQueuedAt: queueJob ? new Date() : null,
    })
    .onConflictDoNothing({ target: messageOutbox.idempotencyKey })
    .returning({ id: messageOutbox.id });
  if (!row) return null;
  if (queueJob) await sendJob(SEND_MESSAGE, { id: row.id }, { tx: executor });
  return row.id;
}

export type SendOutcome = 'sent' | 'refused' | 'skipped';

/**
 * One try at sending a queued message (the job's handler). A message already sent, failed or gone is
 * skipped; a provider's lasting refusal fails it at once; any other error is recorded and thrown so the
 * engine retries, and on the last try the message is failed.
 */
export async function sendQueuedMessage(id: number, job: Pick<RunningJob, 'attempt'> & { signal?: AbortSignal }) {
  const db = await getDb();
  // The claim: a pending message nobody is sending. It outlasts one provider call, so a second run of
  // this job (the engine's retry of a run it thought dead) skips it instead of sending it twice.
  const now = new Date();
  const [row] = await db
    .update(messageOutbox)
    .set({ lockedUntil: new Date(now.getTime() + SEND_LEASE_MS) })
    .where(
      and(
        eq(messageOutbox.id, id),
        eq(messageOutbox.status, 'pending'),
        or(isNull(messageOutbox.lockedUntil), lte(messageOutbox.lockedUntil, now)),
      ),
    )
    .returning();
  if (!row) return 'skipped' satisfies SendOutcome;
  const transport = channelTransport(row.channel);
  const lastTry = job.attempt > MESSAGE_RETRIES;
  const failed = async (error: unknown, forGood: boolean) => {
    await db
      .update(messageOutbox)
      .set({
        status: forGood ? 'failed' : 'pending',
        attempts: row.attempts + 1,
        lastError: String((error as Error).message ?? error).slice(0, 2000),
        lockedUntil: null,
      })
      .where(eq(messageOutbox.id, id));
  };
  if (!transport) {
    await failed(new Error(`The ${row.channel} channel is off (no provider configured).`), true);
    return 'refused' satisfies SendOutcome;
  }
  try {
    const signals = [AbortSignal.timeout(SEND_TIMEOUT_MS), ...(job.signal ? [job.signal] : [])];
    const { providerMessageId } = await transport.send(
      {
        id: row.id,
        channel: row.channel,
        template: row.template as TemplateName,
        to: row.toPhone,
        params: row.params,
        body: row.body,
      },
      AbortSignal.any(signals),
    );
    await db
      .update(messageOutbox)
      .set({
        status: 'sent',
        sentAt: new Date(),
        attempts: row.attempts + 1,
        lastError: null,
        lockedUntil: null,
        providerMessageId: providerMessageId.slice(0, 200),
      })
      .where(eq(messageOutbox.id, id));
    return 'sent' satisfies SendOutcome;
  } catch (error) {
    const refused = error instanceof SendRefused;
    await failed(error, refused || lastTry);
    if (refused) {
      console.error(`Message ${id} (${row.template}) refused by ${transport.name}:`, error.message);
      return 'refused' satisfies SendOutcome;
    }
    throw error;
  }
}

registerJob<{ id: number }>(SEND_MESSAGE, async ({ id }, job) => void (await sendQueuedMessage(id, job)), {
  retries: MESSAGE_RETRIES,
  retryDelaySeconds: 60,
  maxRetryDelaySeconds: 3600,
  timeoutSeconds: SEND_TIMEOUT_MS / 1000 + 30,
});

/** Queues the send job of every message queued while no job engine ran (tests, a script). */
export async function queueUnsentMessages(): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(messageOutbox)
      .set({ jobQueuedAt: new Date() })
      .where(and(eq(messageOutbox.status, 'pending'), isNull(messageOutbox.jobQueuedAt)))
      .returning({ id: messageOutbox.id });
    for (const { id } of rows) await sendJob(SEND_MESSAGE, { id }, { tx });
    return rows.length;
  });
}

registerJob(QUEUE_UNSENT_MESSAGES, async () => void (await queueUnsentMessages()), {
  singleton: true,
  cron: '*/5 * * * *',
  retries: 3,
});

/** A message still unsent this long after it was queued is worth a look. */
export const LONG_WAIT_MS = 30 * 60_000;

/** Messages that have not gone out: failed ones, and those still pending after half an hour. */
export async function undeliveredMessages(now = new Date()) {
  const db = await getDb();
  return db
    .select({
      id: messageOutbox.id,
      channel: messageOutbox.channel,
      template: messageOutbox.template,
      toPhone: messageOutbox.toPhone,
      status: messageOutbox.status,
      attempts: messageOutbox.attempts,
      lastError: messageOutbox.lastError,
      createdAt: messageOutbox.createdAt,
    })
    .from(messageOutbox)
    .where(
      or(
        eq(messageOutbox.status, 'failed'),
        and(eq(messageOutbox.status, 'pending'), lte(messageOutbox.createdAt, new Date(now.getTime() - LONG_WAIT_MS))),
      ),
    )
    .orderBy(desc(messageOutbox.createdAt))
    .limit(200);
}

/**
 * "Send again" on a failed message: pending once more with a fresh send job (its retries start over).
 * False when the message is not failed (sent meanwhile, still trying, or unknown).
 */
export async function retryMessageNow(id: number): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(messageOutbox)
      .set({ status: 'pending', lockedUntil: null, jobQueuedAt: jobsStarted() ? new Date() : null })
      .where(and(eq(messageOutbox.id, id), eq(messageOutbox.status, 'failed')))
      .returning({ id: messageOutbox.id });
    if (rows.length && jobsStarted()) await sendJob(SEND_MESSAGE, { id }, { tx });
    return rows.length === 1;
  });
}
