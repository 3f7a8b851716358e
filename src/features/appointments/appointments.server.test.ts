import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { appointments, emailOutbox } from '../../db/schema';
import { bookAppointment, bookedSlots, bookingStatus } from './appointments.server';
import { connectionClosed, loseNextMail } from '../../../tests/support/failing-outbox';

// The real outbox, but the next mail queued may be made to fail inside its transaction.

vi.mock('../../server/mail/outbox.server', async (importOriginal) =>
  (await import('../../../tests/support/failing-outbox')).failingOutbox(await importOriginal()),
);

const now = new Date('2026-11-23T04:45:00Z'); // Monday 10:15 IST
const booking = {
  name: 'Asha Rao',
  email: 'asha@example.in',
  phone: '9876543210',
  date: '2026-11-25',
  time: '11:00 AM',
  notes: 'Sleep',
};

describe('bookAppointment (real database)', () => {
  it('books a free slot and queues the confirmation and the store notice with it', async () => {
    const result = await bookAppointment(booking, { now });
    expect(result.ok).toBe(true);
    expect(await bookedSlots('2026-11-25')).toEqual(['11:00 AM']);
    const db = await getDb();
    const mails = await db.select().from(emailOutbox);
    expect(mails.map((m) => m.kind).sort()).toEqual(['appointment_confirmation', 'appointment_store_notice']);
    expect(mails.find((m) => m.kind === 'appointment_confirmation')?.toAddress).toBe('asha@example.in');
  });

  it('refuses a taken slot with the spec message and changes nothing', async () => {
    const result = await bookAppointment({ ...booking, name: 'Ravi' }, { now });
    expect(result).toMatchObject({ ok: false, code: 'conflict', message: 'This time slot is already booked.' });
    expect(bookingStatus(result)).toBe(409);
    const db = await getDb();
    expect(await db.select().from(appointments).where(eq(appointments.date, '2026-11-25'))).toHaveLength(1);
    expect(await db.select().from(emailOutbox)).toHaveLength(2);
  });

  it('enforces the rules again: weekend, missing slot, bad phone', async () => {
    expect(await bookAppointment({ ...booking, date: '2026-11-28' }, { now })).toMatchObject({
      ok: false,
      message: 'Weekends are unavailable. Please select Mon–Fri.',
    });
    expect(await bookAppointment({ ...booking, time: '' }, { now })).toMatchObject({
      ok: false,
      message: 'Please choose a time slot.',
    });
    expect(await bookAppointment({ ...booking, time: '09:30 AM', phone: '12-34' }, { now })).toMatchObject({
      ok: false,
      errors: { phone: expect.any(String) },
    });
    expect(await bookAppointment('garbage', { now })).toMatchObject({ ok: false });
  });

  it('gives exactly one booking to 20 simultaneous requests for one slot', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        bookAppointment({ ...booking, time: '02:00 PM', email: `p${i}@example.in` }, { now }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(19);
    expect(refused.every((r) => !r.ok && r.message === 'This time slot is already booked.')).toBe(true);
    const db = await getDb();
    expect(await db.select().from(appointments).where(eq(appointments.time, '02:00 PM'))).toHaveLength(1);
  });
});

describe('bookAppointment when the database fails mid-transaction', () => {
  it('throws a lost connection on (the boundary answers 503) and books nothing; another failure reads as failed', async () => {
    const slot = { ...booking, email: 'lost@example.in', date: '2026-11-27', time: '10:00 AM' };
    loseNextMail.error = connectionClosed();
    await expect(bookAppointment(slot, { now })).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(await bookedSlots('2026-11-27')).toEqual([]);
    loseNextMail.error = new Error('a bug');
    expect(await bookAppointment(slot, { now })).toMatchObject({ ok: false, code: 'failed' });
    expect(await bookedSlots('2026-11-27')).toEqual([]);
    // The shopper's next try books the slot.
    expect((await bookAppointment(slot, { now })).ok).toBe(true);
  });
});
