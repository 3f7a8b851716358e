// The email outbox: enqueue inside the caller's transaction; a worker leases due rows, sends them
// over SMTP (or writes .eml files when no SMTP_URL is set) and retries failures with backoff.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { dataDir, getDb, type Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { env } from '../../lib/env.server';
import { onShutdown } from '../../lib/shutdown.server';

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

type Executor = Pick<Db, 'insert'>;

export const MAX_ATTEMPTS = 8;
const LEASE_MS = 60_000;

/** Backoff before attempt n+1: 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Queue a mail with the caller's transaction (or the database), so it commits with the business row. */
export async function enqueueEmail(executor: Executor, mail: OutgoingEmail) {
  const [row] = await executor.insert(emailOutbox).values({
    kind: mail.kind, toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html,
  }).returning({ id: emailOutbox.id });
  return row.id;
}

export function mailFrom(): string {
  return env().MAIL_FROM;
}

let transporter: Transporter | undefined;
function transport(): Transporter {
  const smtpUrl = env().SMTP_URL;
  transporter ??= smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return transporter;
}

/** For tests and configuration changes: forget the cached transport. */
export function resetTransport() {
  transporter?.close();
  transporter = undefined;
}

async function deliver(row: typeof emailOutbox.$inferSelect) {
  const info = await transport().sendMail({
    from: mailFrom(), to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody,
    headers: { 'X-Outbox-Id': String(row.id) },
  });
  if (!env().SMTP_URL) {
    // Development: keep the mail where a new user can open it.
    const dir = path.join(dataDir(), 'mail');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${String(row.id).padStart(6, '0')}-${row.kind}.eml`);
    writeFileSync(file, (info as unknown as { message: Buffer }).message);
    console.info(`Mail "${row.subject}" to ${row.toAddress} written to ${file}`);
  }
}

/** Lease up to `limit` due mails, send them, and record the outcome. Returns how many were sent. */
export async function processOutbox({ limit = 20, now = new Date() } = {}): Promise<{ sent: number; failed: number }> {
  const db = await getDb();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  // The database keeps microseconds, a Date only milliseconds: a mail queued in this very millisecond
  // is due too.
  const dueBy = new Date(now.getTime() + 1);
  // A short transaction takes the lease; sending happens outside it so a slow SMTP server blocks nothing.
  const leased = await db.transaction(async (tx) => {
    const due = await tx.select({ id: emailOutbox.id }).from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, dueBy),
        or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, now))))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id)).limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx.update(emailOutbox)
      .set({ lockedUntil: leaseUntil, attempts: sql`${emailOutbox.attempts} + 1` })
      .where(inArray(emailOutbox.id, due.map((d) => d.id))).returning();
  });

  let sent = 0;
  let failed = 0;
  for (const row of leased) {
    try {
      await deliver(row);
      await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(eq(emailOutbox.id, row.id));
      sent++;
    } catch (error) {
      failed++;
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await db.update(emailOutbox).set({
        status: giveUp ? 'failed' : 'pending', lockedUntil: null, lastError: String((error as Error).message ?? error).slice(0, 2000),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
      }).where(eq(emailOutbox.id, row.id));
      console.error(`Mail ${row.id} (${row.kind}) to ${row.toAddress} failed (attempt ${row.attempts}${giveUp ? ', giving up' : ''}):`, (error as Error).message);
    }
  }
  return { sent, failed };
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;

/** Ask the worker to run now (after a mail was queued) instead of waiting for its next tick. */
export function kickOutbox() {
  if (!timer) return;
  running ??= processOutbox().catch((error) => console.error('Outbox run failed', error)).finally(() => { running = undefined; });
}

/** Starts the background sender (the server does this at start-up; tests call processOutbox directly). */
export function startOutboxWorker(intervalMs = env().OUTBOX_INTERVAL_MS) {
  if (timer) return;
  timer = setInterval(kickOutbox, intervalMs);
  timer.unref();
  onShutdown('work', stopOutboxWorker);
  kickOutbox();
}

/** Stops the background sender; resolves once a run in progress has finished (shutdown waits for it). */
export async function stopOutboxWorker() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
