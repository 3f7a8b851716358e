// The email outbox: enqueue inside the caller's transaction; a job on the job engine leases due rows,
// sends them over SMTP (or writes .eml files when no SMTP_URL is set) and retries failures with backoff
// for days. The outbox row, not the job, is the record of each mail (docs/decisions: job engine).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNull, lte, min, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { dataDir, getDb, type Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { env } from '../config/env.server';
import { jobsStarted, registerJob, sendJob } from '../jobs/jobs.server';
import type { MailAttachmentRef } from './attachment-ref';
import { attachmentFiles } from './attachments.server';

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletter mail. */
  headers?: Record<string, string>;
  /** Files made when the mail is sent (e.g. the order's invoice PDF), not stored with the mail. */
  attachments?: MailAttachmentRef[];
}

type Executor = Pick<Db, 'insert'>;

/**
 * Retry policy (docs/decisions: outbox retry policy). A mail is retried with a doubling backoff capped
 * at an hour for three days (the database's retry_until), then marked failed for staff at /admin/mail.
 * Each try is bounded by nodemailer's timeouts and a hard deadline; the lease on the row outlasts that
 * deadline, so no second worker can pick a mail up while the first may still be sending it.
 */
export const RETRY_WINDOW_MS = 3 * 24 * 3_600_000;
export const MAX_RETRY_DELAY_MS = 3_600_000;
export const SMTP_TIMEOUTS = {
  connectionTimeout: 20_000,
  greetingTimeout: 20_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
} as const;
/** Aborts one mail's SMTP conversation, however the server trickles its answers. */
export const SEND_DEADLINE_MS = 90_000;
export const LEASE_MS = 5 * 60_000;

/** Backoff before attempt n+1: 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, Math.min(attempts, 30) - 1), MAX_RETRY_DELAY_MS);
}

/**
 * Kinds of mail whose address and text are forgotten once sent: the confirmation that an account was
 * erased (docs/decisions: data rights and erasure) is the one mail that still names the person.
 */
export const FORGET_AFTER_SENDING: ReadonlySet<string> = new Set(['account_erased']);

/** Queue a mail with the caller's transaction (or the database), so it commits with the business row. */
export async function enqueueEmail(executor: Executor, mail: OutgoingEmail) {
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers: mail.headers ?? {},
      attachments: mail.attachments ?? [],
    })
    .returning({ id: emailOutbox.id });
  return row.id;
}

export function mailFrom(): string {
  return env().MAIL_FROM;
}

let transporter: Transporter | undefined;
function transport(): Transporter {
  const smtpUrl = env().SMTP_URL;
  transporter ??= smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS } as Parameters<typeof nodemailer.createTransport>[0])
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return transporter;
}

/** For tests and configuration changes: forget the cached transport. */
export function resetTransport() {
  transporter?.close();
  transporter = undefined;
}

async function deliver(row: typeof emailOutbox.$inferSelect, deadlineMs: number) {
  const attachments = row.attachments.length ? await attachmentFiles(row.attachments) : undefined;
  const info = await transport().sendMail({
    from: mailFrom(),
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    headers: { ...row.headers, 'X-Outbox-Id': String(row.id) },
    attachments,
    signal: AbortSignal.timeout(deadlineMs),
  } as Parameters<Transporter['sendMail']>[0]);
  if (!env().SMTP_URL) {
    // Development: keep the mail where a new user can open it.
    const dir = path.join(dataDir(), 'mail');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${String(row.id).padStart(6, '0')}-${row.kind}.eml`);
    writeFileSync(file, (info as unknown as { message: Buffer }).message);
    console.info(`Mail "${row.subject}" to ${row.toAddress} written to ${file}`);
  }
}

/** Takes the lease on the next due mail (one at a time, so a slow send never outlives another mail's lease). */
async function leaseNext(now: Date) {
  const db = await getDb();
  // The database keeps microseconds, a Date only milliseconds: a mail queued in this very millisecond
  // is due too.
  const dueBy = new Date(now.getTime() + 1);
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, 'pending'),
          lte(emailOutbox.nextAttemptAt, dueBy),
          or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [row] = await tx
      .update(emailOutbox)
      .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(eq(emailOutbox.id, due.id))
      .returning();
    return row;
  });
}

/** Send up to `limit` due mails and record each outcome. */
export async function processOutbox({
  limit = 20,
  now = new Date(),
  deadlineMs = SEND_DEADLINE_MS,
} = {}): Promise<{ sent: number; failed: number }> {
  const db = await getDb();
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    const row = await leaseNext(now);
    if (!row) break;
    try {
      await deliver(row, deadlineMs);
      const forget = FORGET_AFTER_SENDING.has(row.kind);
      await db
        .update(emailOutbox)
        .set({
          status: 'sent',
          sentAt: new Date(),
          lockedUntil: null,
          lastError: null,
          // The last mail to an erased account: once sent, the store keeps no copy of the address.
          ...(forget && { toAddress: '', textBody: '', htmlBody: '', headers: {} }),
        })
        .where(eq(emailOutbox.id, row.id));
      sent++;
    } catch (error) {
      failed++;
      const nextAttemptAt = new Date(now.getTime() + retryDelayMs(row.attempts));
      const giveUp = nextAttemptAt > row.retryUntil;
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: String((error as Error).message ?? error).slice(0, 2000),
          nextAttemptAt,
        })
        .where(eq(emailOutbox.id, row.id));
      console.error(
        `Mail ${row.id} (${row.kind}) to ${row.toAddress} failed (attempt ${row.attempts}${giveUp ? ', giving up' : ''}):`,
        (error as Error).message,
      );
    }
  }
  return { sent, failed };
}

export const SEND_DUE_MAIL = 'email.send-due-mail';
/** Mails per run: a run stays short, and the next run is queued at once when more are due. */
const MAILS_PER_RUN = 20;

/**
 * One run of the outbox job: send what is due, then queue the next run for when the next mail falls due
 * (a retry's backoff, or a lease left by a process that died). Runs are singletons per key: a kick while
 * one waits adds nothing, and two runs on two processes never lease one mail twice.
 */
async function sendDueMail() {
  const now = new Date();
  await processOutbox({ limit: MAILS_PER_RUN, now });
  const db = await getDb();
  const [{ next }] = await db
    .select({
      next: min(
        sql<Date>`greatest(${emailOutbox.nextAttemptAt}, coalesce(${emailOutbox.lockedUntil}, ${emailOutbox.nextAttemptAt}))`,
      ),
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'pending'));
  if (!next) return;
  const at = new Date(next);
  if (at <= now) await sendJob(SEND_DUE_MAIL, {}, { singletonKey: 'now' });
  else await sendJob(SEND_DUE_MAIL, {}, { singletonKey: `at:${at.toISOString()}`, startAfter: at });
}

// The schedule is the safety net: mail queued while no engine ran (or whose kick was lost with its
// process) is picked up within five minutes.
registerJob(SEND_DUE_MAIL, sendDueMail, {
  singleton: true,
  cron: '*/5 * * * *',
  retries: 3,
  timeoutSeconds: (MAILS_PER_RUN * SEND_DEADLINE_MS) / 1000 + 60,
});

/** Ask for a run now (after a mail was queued and committed); nothing when this process runs no job engine. */
export function kickOutbox() {
  if (!jobsStarted()) return;
  sendJob(SEND_DUE_MAIL, {}, { singletonKey: 'now' }).catch((error) =>
    console.error('Queuing the outbox run failed', error),
  );
}
