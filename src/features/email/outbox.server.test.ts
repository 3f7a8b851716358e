// The outbox against a real SMTP server running in-process: mails arrive; with the server down the
// mail waits and arrives once it is back; nothing is sent twice.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { getDb } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { resetEnv } from '../../lib/env.server';
import { enqueueEmail, processOutbox, resetTransport, retryDelayMs, startOutboxWorker, stopOutboxWorker } from './outbox.server';

const received: { to: string; raw: string }[] = [];
let server: SMTPServer;
let port = 0;

function startSmtp(listenPort = 0) {
  server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => { raw += chunk; });
      stream.on('end', () => { received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw }); callback(); });
    },
  });
  return new Promise<number>((resolve) => server.listen(listenPort, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)));
}
const stopSmtp = () => new Promise<void>((resolve) => server.close(() => resolve()));

const mail = (to: string) => ({ kind: 'test', to, subject: 'Your appointment', text: 'See you soon', html: '<p>See you soon</p>' });

beforeAll(async () => {
  port = await startSmtp();
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  resetEnv();
  resetTransport();
});
afterEach(() => { received.length = 0; });
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

  it('stopping the worker (shutdown) waits for the mail it is sending', async () => {
    const db = await getDb();
    const id = await enqueueEmail(db, mail('meera@example.in'));
    startOutboxWorker(60_000); // runs once at once, then not again within the test
    await stopOutboxWorker();
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row.status).toBe('sent');
    expect(received.map((r) => r.to)).toEqual(['meera@example.in']);
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
    expect(await processOutbox({ now: new Date(firstTry.getTime() + retryDelayMs(1) + 1) })).toEqual({ sent: 1, failed: 0 });
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
  });
});
