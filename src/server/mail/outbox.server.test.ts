// The outbox against a real SMTP server running in-process: mails arrive; with the server down the
// mail waits and arrives once it is back; nothing is sent twice.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { getDb } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { resetEnv } from '../config/env.server';
import { registerAttachments } from './attachments.server';
import { retryMailNow, undeliveredMail } from '../../features/email/mail-desk.server';
import { startJobs, stopJobs } from '../jobs/jobs.server';
import {
  enqueueEmail,
  kickOutbox,
  LEASE_MS,
  processOutbox,
  resetTransport,
  RETRY_WINDOW_MS,
  retryDelayMs,
  SEND_DEADLINE_MS,
  SEND_DUE_MAIL,
  SMTP_TIMEOUTS,
} from './outbox.server';

const received: { to: string; raw: string }[] = [];
let server: SMTPServer;
let port = 0;
/** How long the SMTP server takes to accept a mail's data (a slow server). */
let acceptDelayMs = 0;
/**
 * Acceptances still delayed. A mail whose send the outbox abandoned is still accepted by the slow server
 * later; each test waits for those of its own, so they never land in the next test's `received`.
 */
const accepting = new Set<Promise<void>>();

function startSmtp(listenPort = 0) {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => {
        raw += chunk;
      });
      stream.on('end', () => {
        const accepted = new Promise<void>((resolve) =>
          setTimeout(() => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
            callback();
            resolve();
          }, acceptDelayMs),
        );
        accepting.add(accepted);
        void accepted.then(() => accepting.delete(accepted));
      });
    },
  });
  return new Promise<number>((resolve) =>
    server.listen(listenPort, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  );
}
const stopSmtp = () => new Promise<void>((resolve) => server.close(() => resolve()));

const mail = (to: string) => ({
  kind: 'test',
  to,
  subject: 'Your appointment',
  text: 'See you soon',
  html: '<p>See you soon</p>',
});

beforeAll(async () => {
  port = await startSmtp();
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  resetEnv();
  resetTransport();
});
afterEach(async () => {
  await Promise.all(accepting);
  received.length = 0;
  acceptDelayMs = 0;
});
afterAll(async () => {
  resetTransport();
  delete process.env.SMTP_URL;
  resetEnv();
  await stopSmtp().catch(() => {});
});

describe('email outbox', () => {
  it('sends a queued mail once', async () => {
    const db = await getDb();
    const id = await enqueueEmail(db, mail('asha@example.in'));
    expect(await processOutbox()).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0].to).toBe('asha@example.in');
    expect(received[0].raw).toContain('Subject: Your appointment');
    expect(await processOutbox()).toEqual({ sent: 0, failed: 0 });
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('the job engine sends a queued mail when kicked, and stopping it (shutdown) waits for the mail it is sending', async () => {
    const db = await getDb();
    await startJobs();
    acceptDelayMs = 1500;
    const id = await enqueueEmail(db, mail('meera@example.in'));
    kickOutbox();
    await expect
      .poll(async () => (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0].attempts, {
        timeout: 10_000,
      })
      .toBe(1);
    await stopJobs(Date.now() + 10_000);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row.status).toBe('sent');
    expect(received.map((r) => r.to)).toEqual(['meera@example.in']);
  });

  it('after a failed send the engine holds the next run for the moment the backoff ends', async () => {
    const db = await getDb();
    await stopSmtp();
    resetTransport();
    await startJobs();
    const id = await enqueueEmail(db, mail('later@example.in'));
    kickOutbox();
    await expect
      .poll(async () => (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0].attempts, {
        timeout: 10_000,
      })
      .toBe(1);
    await stopJobs(Date.now() + 10_000);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row.status).toBe('pending');
    const result = await db.execute(sql`select start_after from pgboss.job
      where name = ${SEND_DUE_MAIL} and state = 'created' and singleton_key = ${`at:${row.nextAttemptAt.toISOString()}`}`);
    const waiting = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as {
      start_after: Date | string;
    }[];
    expect(waiting).toHaveLength(1);
    expect(new Date(waiting[0].start_after).getTime()).toBe(row.nextAttemptAt.getTime());
    await db.delete(emailOutbox).where(eq(emailOutbox.id, id)); // not to be sent by the tests below
    await startSmtp(port);
    resetTransport();
  });

  it('keeps a mail while the SMTP server is down and delivers it after the backoff once it is back', async () => {
    const db = await getDb();
    await stopSmtp();
    resetTransport();
    const id = await enqueueEmail(db, mail('ravi@example.in'));
    const firstTry = new Date();
    expect(await processOutbox({ now: firstTry })).toEqual({ sent: 0, failed: 1 });
    let [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();
    expect(row.nextAttemptAt.getTime()).toBe(firstTry.getTime() + retryDelayMs(1));

    await startSmtp(port);
    resetTransport();
    // Not due yet: nothing is sent before the backoff ends.
    expect(await processOutbox({ now: new Date(firstTry.getTime() + 1000) })).toEqual({ sent: 0, failed: 0 });
    expect(await processOutbox({ now: new Date(firstTry.getTime() + retryDelayMs(1) + 1) })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(received.map((r) => r.to)).toEqual(['ravi@example.in']);
    [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never hands one mail to two concurrent workers', async () => {
    const db = await getDb();
    for (let i = 0; i < 5; i++) await enqueueEmail(db, mail(`bulk${i}@example.in`));
    const runs = await Promise.all([processOutbox(), processOutbox(), processOutbox()]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(5);
    expect(received.map((r) => r.to).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `bulk${i}@example.in`));
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
    expect(retryDelayMs(5000)).toBe(3_600_000);
  });

  it('keeps retrying through a long outage: hourly for three days, then failed and shown to staff, who can send it again', async () => {
    const db = await getDb();
    await stopSmtp();
    resetTransport();
    const id = await enqueueEmail(db, mail('outage@example.in'));
    const [queued] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    // A fake clock: each run happens exactly when the mail is next due.
    let clock = new Date();
    const gaps: number[] = [];
    for (;;) {
      expect(await processOutbox({ now: clock })).toEqual({ sent: 0, failed: 1 });
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      if (row.status === 'failed') break;
      expect(row.status).toBe('pending');
      gaps.push(row.nextAttemptAt.getTime() - clock.getTime());
      clock = row.nextAttemptAt;
      // An afternoon's outage (five hours) is far inside the window: the mail is still waiting.
      if (clock.getTime() - queued.createdAt.getTime() < 5 * 3_600_000) expect(row.status).toBe('pending');
    }
    const [failed] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    // Never more than an hour between tries, and it gave up only when the next try would pass three days.
    expect(Math.max(...gaps)).toBe(3_600_000);
    expect(clock.getTime() - queued.createdAt.getTime()).toBeGreaterThan(RETRY_WINDOW_MS - 3_600_000);
    expect(failed.attempts).toBeGreaterThan(70);
    expect(failed.attempts).toBe(gaps.length + 1);

    const desk = await undeliveredMail(clock);
    expect(desk.find((m) => m.id === id)).toMatchObject({ status: 'failed', toAddress: 'outage@example.in' });

    // The server is back; staff press "Retry now" and the mail goes out on the next run.
    await startSmtp(port);
    resetTransport();
    expect(await retryMailNow(id, clock)).toBe(true);
    expect(await processOutbox({ now: clock })).toEqual({ sent: 1, failed: 0 });
    expect(received.map((r) => r.to)).toEqual(['outage@example.in']);
    expect(await retryMailNow(id, clock)).toBe(false);
    expect(await retryMailNow('99999999999', clock)).toBe(false);
    expect((await undeliveredMail(clock)).some((m) => m.id === id)).toBe(false);
  });

  it('gives a slow server time: the lease outlasts every timeout, so a second worker never sends the mail again', async () => {
    expect(LEASE_MS).toBeGreaterThan(SEND_DEADLINE_MS + 60_000);
    expect(SEND_DEADLINE_MS).toBeGreaterThanOrEqual(SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout);
    const db = await getDb();
    acceptDelayMs = 1500;
    await enqueueEmail(db, mail('slow@example.in'));
    const start = new Date();
    const first = processOutbox({ now: start });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Another worker, even one whose clock runs a couple of minutes ahead, finds the mail leased.
    expect(await processOutbox({ now: new Date(start.getTime() + 120_000) })).toEqual({ sent: 0, failed: 0 });
    expect(await first).toEqual({ sent: 1, failed: 0 });
    expect(received.map((r) => r.to)).toEqual(['slow@example.in']);
  });

  it('abandons a send that passes its deadline and tries again later', async () => {
    const db = await getDb();
    acceptDelayMs = 3000;
    const id = await enqueueEmail(db, mail('stuck@example.in'));
    const started = Date.now();
    expect(await processOutbox({ deadlineMs: 300 })).toEqual({ sent: 0, failed: 1 });
    expect(Date.now() - started).toBeLessThan(2500);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/abort/i);
  });

  it('sends the extra headers a mail carries', async () => {
    const db = await getDb();
    await enqueueEmail(db, {
      ...mail('headers@example.in'),
      headers: { 'List-Unsubscribe': '<https://vedara.test/u>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(await processOutbox()).toEqual({ sent: 1, failed: 0 });
    expect(received[0].raw).toContain('List-Unsubscribe: <https://vedara.test/u>');
    expect(received[0].raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it("attaches the file its kind's provider makes, and holds the mail with the reason while it cannot be made", async () => {
    const db = await getDb();
    const id = await enqueueEmail(db, {
      ...mail('receipt@example.in'),
      attachments: [{ kind: 'test-receipt', orderId: 7 }],
    });
    const lastError = async () => (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0].lastError;
    expect(await processOutbox()).toEqual({ sent: 0, failed: 1 });
    expect(await lastError()).toBe('No attachment provider is registered for "test-receipt"');

    let made = false;
    registerAttachments('test-receipt', async (ref) =>
      made && 'orderId' in ref
        ? { filename: `receipt-${ref.orderId}.txt`, content: Buffer.from('Paid in full'), contentType: 'text/plain' }
        : null,
    );
    expect(await retryMailNow(id)).toBe(true);
    expect(await processOutbox()).toEqual({ sent: 0, failed: 1 });
    expect(await lastError()).toBe('Order 7 has no test-receipt to attach yet');
    expect(received).toHaveLength(0);

    made = true;
    expect(await retryMailNow(id)).toBe(true);
    expect(await processOutbox()).toEqual({ sent: 1, failed: 0 });
    expect(received[0].raw).toMatch(/Content-Disposition: attachment; filename=receipt-7\.txt/);
    expect(received[0].raw).toContain(Buffer.from('Paid in full').toString('base64'));
  });
});
