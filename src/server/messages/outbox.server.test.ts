// The message queue on a real database: a message is queued once per idempotency key, sent once (a job
// run again skips it), retried on a passing fault and failed on the last try or at once on a lasting
// refusal, shown to the staff and sent again from there; the job engine sends what was queued, also
// messages queued while it did not run; the development transport writes the message to a file.
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import { messageOutbox } from '../../db/schema';
import { startJobs, stopJobs } from '../jobs/jobs.server';
import { setChannelTransport } from './channels.server';
import { messageFile } from './file-transport.server';
import {
  enqueueMessage,
  MESSAGE_RETRIES,
  queueUnsentMessages,
  retryMessageNow,
  sendQueuedMessage,
  undeliveredMessages,
} from './outbox.server';
import { type MessageTransport, type OutgoingMessage, SendRefused } from './transport';

const params = {
  orderNumber: 'VED-2026-000777',
  total: '₹499',
  link: 'http://localhost:4321/order/x#confirm-order',
  instead: 'Pay online there, save ₹25.',
};
let keys = 0;
const queue = async (key = `test:${++keys}`) =>
  enqueueMessage(await getDb(), { template: 'cod_confirmation', to: '919812345670', params, idempotencyKey: key });
const rowOf = async (id: number) =>
  (await (await getDb()).select().from(messageOutbox).where(eq(messageOutbox.id, id)))[0];

/** A stand-in SMS transport: each send takes the next behaviour (ok, a passing fault, a refusal). */
function scripted(...behaviours: ('ok' | 'fault' | 'refused')[]) {
  const sent: OutgoingMessage[] = [];
  const transport: MessageTransport = {
    channel: 'sms',
    name: 'scripted',
    async send(message) {
      const next = behaviours.shift() ?? 'ok';
      if (next === 'fault') throw new Error('connect ETIMEDOUT');
      if (next === 'refused') throw new SendRefused('MSG91 refused the SMS (200): Invalid mobile number');
      sent.push(message);
      return { providerMessageId: `req-${sent.length}` };
    },
  };
  setChannelTransport('sms', transport);
  return sent;
}

afterEach(() => {
  setChannelTransport('sms');
  setChannelTransport('whatsapp');
});

describe('the message queue', () => {
  it('queues one message per idempotency key, with the words the customer reads', async () => {
    const id = await queue('order:1:place:sms');
    expect(id).toEqual(expect.any(Number));
    expect(await queue('order:1:place:sms')).toBeNull();
    const rows = await (await getDb())
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.idempotencyKey, 'order:1:place:sms'));
    expect(rows).toEqual([
      expect.objectContaining({
        channel: 'sms',
        status: 'pending',
        toPhone: '919812345670',
        body: `Vedara Ayurveda: confirm your cash-on-delivery order VED-2026-000777 of ₹499 here: ${params.link} Pay online there, save ₹25.`,
      }),
    ]);
  });

  it('queues nothing for a channel that is off', async () => {
    setChannelTransport('sms', null);
    expect(await queue()).toBeNull();
  });

  it('sends a message once: a job run again skips it', async () => {
    const sent = scripted('ok');
    const id = (await queue())!;
    expect(await sendQueuedMessage(id, { attempt: 1 })).toBe('sent');
    expect(await sendQueuedMessage(id, { attempt: 2 })).toBe('skipped');
    expect(sent).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: 'req-1', lastError: null });
  });

  it('two runs of one message at once (a run the engine thought dead, and its retry) send it once', async () => {
    const sent: OutgoingMessage[] = [];
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    setChannelTransport('sms', {
      channel: 'sms',
      name: 'slow',
      async send(message) {
        sent.push(message);
        await slow;
        return { providerMessageId: `req-${sent.length}` };
      },
    });
    const id = (await queue())!;
    const first = sendQueuedMessage(id, { attempt: 1 });
    await expect.poll(() => sent.length).toBe(1);
    expect(await sendQueuedMessage(id, { attempt: 2 })).toBe('skipped');
    release();
    expect(await first).toBe('sent');
    expect(sent).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
  });

  it('a passing fault is recorded and thrown for the engine to retry; the last try fails the message', async () => {
    scripted('fault', 'fault');
    const id = (await queue())!;
    await expect(sendQueuedMessage(id, { attempt: 1 })).rejects.toThrow('ETIMEDOUT');
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connect ETIMEDOUT' });
    await expect(sendQueuedMessage(id, { attempt: MESSAGE_RETRIES + 1 })).rejects.toThrow('ETIMEDOUT');
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('a lasting refusal fails the message at once; the staff see it and send it again', async () => {
    const sent = scripted('refused', 'ok');
    const id = (await queue())!;
    expect(await sendQueuedMessage(id, { attempt: 1 })).toBe('refused');
    expect(await rowOf(id)).toMatchObject({ status: 'failed', lastError: expect.stringContaining('Invalid mobile') });
    expect((await undeliveredMessages()).map((m) => m.id)).toContain(id);

    expect(await retryMessageNow(id)).toBe(true);
    expect(await retryMessageNow(id)).toBe(false); // pending now, not failed
    expect(await sendQueuedMessage(id, { attempt: 1 })).toBe('sent');
    expect(sent).toHaveLength(1);
    expect((await undeliveredMessages()).map((m) => m.id)).not.toContain(id);
    expect(await retryMessageNow(id)).toBe(false);
  });

  it('the development transport writes the message to a file under DATA_DIR', async () => {
    const id = (await queue())!;
    expect(await sendQueuedMessage(id, { attempt: 1 })).toBe('sent');
    const text = await readFile(messageFile({ id, channel: 'sms', template: 'cod_confirmation' }), 'utf8');
    expect(text).toContain('To: +919812345670');
    expect(text).toContain(params.link);
  });

  it('the job engine sends a message queued in a transaction, and one queued while it did not run', async () => {
    const sent = scripted();
    const before = (await queue())!; // no engine yet: waits for the sweep
    expect((await rowOf(before)).jobQueuedAt).toBeNull();
    await startJobs();
    try {
      const db = await getDb();
      const during = await db.transaction(async (tx) =>
        enqueueMessage(tx, { template: 'cod_confirmation', to: '919812345670', params, idempotencyKey: 'in-tx' }),
      );
      // The sweep queues every message left without a job (this one, and the first test's).
      expect(await queueUnsentMessages()).toBeGreaterThanOrEqual(1);
      expect((await rowOf(during!)).jobQueuedAt).not.toBeNull();
      for (const id of [before, during!])
        await expect.poll(async () => (await rowOf(id)).status, { timeout: 20_000 }).toBe('sent');
      expect(sent.map((m) => m.id)).toEqual(expect.arrayContaining([before, during]));
    } finally {
      await stopJobs(Date.now() + 10_000);
    }
  });

  it('a message queued in a transaction while the engine is starting is kept, and sent once the sweep runs', async () => {
    const sent = scripted();
    const starting = startJobs();
    try {
      const db = await getDb();
      // An order placed in the first moments after a start (it once hung here, holding PGlite's connection).
      const id = await db.transaction(async (tx) =>
        enqueueMessage(tx, { template: 'cod_confirmation', to: '919812345670', params, idempotencyKey: 'at-start' }),
      );
      expect((await rowOf(id!)).jobQueuedAt).toBeNull();
      await starting;
      expect(await queueUnsentMessages()).toBeGreaterThanOrEqual(1);
      await expect.poll(async () => (await rowOf(id!)).status, { timeout: 20_000 }).toBe('sent');
      expect(sent.map((m) => m.id)).toContain(id);
    } finally {
      await stopJobs(Date.now() + 10_000);
    }
  });
});
