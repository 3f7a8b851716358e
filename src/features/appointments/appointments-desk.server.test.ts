// The appointments desk on a real database: cancel and move with the customer's mail, a race for one
// slot decided by the database, closed days and the booking horizon enforced for shoppers, the limits
// per address and per email, and the honeypot.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { appointments, emailOutbox } from '../../db/schema';
import { INTAKE_LIMITS } from '../abuse/intake-limits.server';
import { LIMIT_MESSAGES } from '../abuse/limit-messages';
import { APPOINTMENT_SLOTS } from '../../lib/appointments';
import {
  appointmentDeskAction,
  appointmentsOn,
  cancelAppointment,
  deskDay,
  rescheduleAppointment,
  weekAtAGlance,
} from './appointments-desk.server';
import { bookAppointment, bookedSlots, bookingCalendar, bookingStatus } from './appointments.server';

const now = new Date('2026-11-23T04:45:00Z'); // Monday 10:15 IST
const at = (date: string, time: string, email = `${date}-${time.replace(/\W/g, '')}@example.in`) => ({
  name: 'Meera Iyer',
  email,
  phone: '9876543210',
  date,
  time,
  notes: 'Trouble sleeping',
});

async function book(date: string, time: string, email?: string) {
  const result = await bookAppointment(at(date, time, email), { now, clientIp: `10.0.${date.slice(-2)}.1` });
  if (!result.ok) throw new Error(result.message);
  return result.id;
}

const mailsTo = async (to: string, kind: string) => {
  const db = await getDb();
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
};

describe('appointments desk (real database)', () => {
  it('reads an appointment’s notes only for a member who may see them (health.view), else only that there are notes', async () => {
    await book('2026-11-26', '10:00 AM', 'notes-kept@example.in');
    const [seen] = await appointmentsOn('2026-11-26', { withNotes: true });
    expect([seen.email, seen.notes, seen.hasNotes]).toEqual(['notes-kept@example.in', 'Trouble sleeping', true]);
    const [unseen] = await appointmentsOn('2026-11-26');
    expect([unseen.email, unseen.notes, unseen.hasNotes]).toEqual(['notes-kept@example.in', '', true]);
    expect(JSON.stringify(unseen)).not.toContain('Trouble sleeping');
  });

  it('cancels a booking, mails the customer, frees the slot for someone else, and cannot cancel twice', async () => {
    const id = await book('2026-11-24', '10:00 AM', 'cancel-me@example.in');
    const result = await cancelAppointment(id);
    expect(result).toMatchObject({ ok: true });
    const [mail] = await mailsTo('cancel-me@example.in', 'appointment_cancelled');
    expect(mail.subject).toBe('Appointment cancelled: Tue, 24 Nov 2026, 10:00 AM IST');
    expect(mail.textBody).toContain('has been cancelled');
    expect(await bookedSlots('2026-11-24')).toEqual([]);
    expect((await appointmentsOn('2026-11-24')).map((a) => a.status)).toEqual(['cancelled']);
    // The slot is free again for a shopper.
    await book('2026-11-24', '10:00 AM', 'next@example.in');
    expect(await cancelAppointment(id)).toMatchObject({ ok: false, code: 'not_found' });
    expect(await mailsTo('cancel-me@example.in', 'appointment_cancelled')).toHaveLength(1);
  });

  it('moves a booking to a free slot and mails the new time; a taken slot or a bad day changes nothing', async () => {
    const id = await book('2026-11-25', '11:00 AM', 'move-me@example.in');
    await book('2026-11-25', '12:00 PM', 'other@example.in');
    expect(await rescheduleAppointment(id, { date: '2026-11-25', time: '12:00 PM' }, now)).toEqual({
      ok: false,
      message: 'This time slot is already booked.',
      code: 'conflict',
    });
    expect(await rescheduleAppointment(id, { date: '2026-11-28', time: '12:00 PM' }, now)).toMatchObject({
      ok: false,
      code: 'unprocessable',
      message: 'Weekends are unavailable. Please select Mon–Fri.',
    });
    expect(await rescheduleAppointment(id, { date: '2099-01-05', time: '12:00 PM' }, now)).toMatchObject({
      ok: false,
      code: 'unprocessable',
      message: expect.stringMatching(/^Bookings are open up to/),
    });
    expect(await rescheduleAppointment(id, { date: '2026-11-26', time: '9 AM' }, now)).toMatchObject({
      ok: false,
      code: 'unprocessable',
    });
    expect(await mailsTo('move-me@example.in', 'appointment_rescheduled')).toHaveLength(0);

    expect(await rescheduleAppointment(id, { date: '2026-11-26', time: '03:30 PM' }, now)).toMatchObject({ ok: true });
    const db = await getDb();
    const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ date: '2026-11-26', time: '03:30 PM', status: 'booked' });
    const [mail] = await mailsTo('move-me@example.in', 'appointment_rescheduled');
    expect(mail.textBody).toContain('We have moved your free consultation from Wed, 25 Nov 2026, 11:00 AM IST');
    expect(mail.textBody).toContain('When: Thu, 26 Nov 2026, 3:30 PM IST');
    expect(await bookedSlots('2026-11-25')).toEqual(['12:00 PM']);
  });

  it('gives one slot to exactly one of two desks moving bookings there and a shopper booking it at once', async () => {
    const first = await book('2026-11-27', '09:00 AM', 'race-a@example.in');
    const second = await book('2026-11-27', '09:30 AM', 'race-b@example.in');
    const results = await Promise.all([
      rescheduleAppointment(first, { date: '2026-11-27', time: '04:00 PM' }, now),
      rescheduleAppointment(second, { date: '2026-11-27', time: '04:00 PM' }, now),
      bookAppointment(at('2026-11-27', '04:00 PM', 'race-shopper@example.in'), { now }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.flatMap((r) => (r.ok ? [] : [r.message]))).toEqual([
      'This time slot is already booked.',
      'This time slot is already booked.',
    ]);
    const db = await getDb();
    const rows = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.date, '2026-11-27'), eq(appointments.time, '04:00 PM')));
    expect(rows).toHaveLength(1);
  });

  it('closes a day and enforces the horizon for shoppers, with clear messages; the desk sees the week', async () => {
    const staff = 'staff-user';
    expect(
      await appointmentDeskAction({ intent: 'block', date: '2026-12-01', reason: 'Staff training' }, staff, now),
    ).toMatchObject({ ok: true });
    const refused = await bookAppointment(at('2026-12-01', '10:00 AM'), { now });
    expect(refused).toMatchObject({
      ok: false,
      errors: { date: 'We are closed on this day (Staff training). Please choose another date.' },
    });
    expect(bookingStatus(refused)).toBe(400);
    expect((await bookingCalendar(now)).blocked).toEqual({ '2026-12-01': 'Staff training' });

    const far = await bookAppointment(at('2099-01-05', '10:00 AM'), { now });
    expect(far).toMatchObject({
      ok: false,
      errors: { date: 'Bookings are open up to Fri, 22 Jan 2027. Please choose an earlier date.' },
    });
    expect(await appointmentDeskAction({ intent: 'horizon', horizonDays: '10' }, staff, now)).toMatchObject({
      ok: true,
    });
    expect(await bookAppointment(at('2026-12-04', '10:00 AM'), { now })).toMatchObject({
      ok: false,
      errors: { date: expect.stringMatching(/^Bookings are open up to Thu, 3 Dec 2026/) },
    });
    expect(await appointmentDeskAction({ intent: 'horizon', horizonDays: '0' }, staff, now)).toMatchObject({
      ok: false,
      code: 'unprocessable',
    });
    expect(await appointmentDeskAction({ intent: 'horizon', horizonDays: '60' }, staff, now)).toMatchObject({
      ok: true,
    });

    // Bad input to the desk is a 4xx, never a database error.
    expect(await appointmentDeskAction({ intent: 'block', date: '2026-13-45', reason: 'x' }, staff, now)).toMatchObject(
      { ok: false, code: 'unprocessable' },
    );
    expect(await appointmentDeskAction({ intent: 'block', date: '2026-12-02', reason: ' ' }, staff, now)).toMatchObject(
      { ok: false, code: 'unprocessable' },
    );
    expect(await appointmentDeskAction({ intent: 'unblock', date: 'garbage' }, staff, now)).toMatchObject({
      ok: false,
      code: 'unprocessable',
    });
    expect(await appointmentDeskAction({ intent: 'unblock', date: '0000-01-01' }, staff, now)).toMatchObject({
      ok: false,
      code: 'unprocessable',
    });
    expect(await bookedSlots('2026-13-45')).toEqual([]);
    expect(await bookedSlots('0000-01-01')).toEqual([]);
    expect(deskDay('0000-01-01', now)).toBe('2026-11-23');
    expect(deskDay('2026-02-30', now)).toBe('2026-11-23');
    expect(deskDay('2026-12-01', now)).toBe('2026-12-01');
    expect(await appointmentsOn('9999-12-31')).toEqual([]);
    expect(await appointmentDeskAction({ intent: 'cancel', id: 'x' }, staff, now)).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(await appointmentDeskAction({ intent: 'cancel', id: '99999999999999' }, staff, now)).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(
      await appointmentDeskAction(
        { intent: 'reschedule', id: '999999', date: '2026-12-02', time: '10:00 AM' },
        staff,
        now,
      ),
    ).toMatchObject({ ok: false, code: 'not_found' });
    expect(await appointmentDeskAction({ intent: 'nonsense' }, staff, now)).toMatchObject({
      ok: false,
      code: 'invalid',
    });

    const week = await weekAtAGlance('2026-11-25');
    expect(week).toHaveLength(7);
    expect(week.find((d) => d.date === '2026-12-01')?.closedReason).toBe('Staff training');
    expect(week.find((d) => d.date === '2026-11-26')?.booked).toBeGreaterThanOrEqual(1);

    expect(await appointmentDeskAction({ intent: 'unblock', date: '2026-12-01' }, staff, now)).toMatchObject({
      ok: true,
    });
    expect(await bookAppointment(at('2026-12-01', '10:00 AM'), { now })).toMatchObject({ ok: true });
  });

  it('limits bookings per email strictly and per client address generously; the honeypot stores and mails nothing', async () => {
    const { perEmail, perAddress } = INTAKE_LIMITS.appointment;
    const slots = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '12:00 PM', '12:30 PM'];
    const results = [];
    for (const time of slots.slice(0, perEmail.max + 1))
      results.push(
        await bookAppointment(at('2026-12-08', time, 'eager@example.in'), {
          now,
          clientIp: `192.0.2.${results.length}`,
        }),
      );
    expect(results.slice(0, perEmail.max).every((r) => r.ok)).toBe(true);
    const limited = results[perEmail.max];
    expect(limited).toEqual({
      ok: false,
      code: 'rate_limited',
      errors: {},
      message: LIMIT_MESSAGES.email,
      limited: true,
    });
    expect(bookingStatus(limited)).toBe(429);

    // One address (a carrier's shared address) may book for many people before it is limited.
    const shared = '203.0.113.9';
    let accepted = 0;
    let lastAnswer: Awaited<ReturnType<typeof bookAppointment>> | undefined;
    const twoDays = [
      ...APPOINTMENT_SLOTS.map((t) => ['2026-12-09', t]),
      ...APPOINTMENT_SLOTS.map((t) => ['2026-12-10', t]),
    ];
    for (let i = 0; i <= perAddress.max; i++) {
      const [date, time] = twoDays[i];
      lastAnswer = await bookAppointment(at(date, time, `shopper${i}@example.in`), { now, clientIp: shared });
      if (lastAnswer.ok || !lastAnswer.limited) accepted++;
    }
    expect(perAddress.max).toBeGreaterThanOrEqual(20);
    expect(accepted).toBe(perAddress.max);
    expect(lastAnswer).toMatchObject({ ok: false, message: LIMIT_MESSAGES.address });

    const db = await getDb();
    const before = (await db.select().from(emailOutbox)).length;
    const bot = await bookAppointment(
      { ...at('2026-12-11', '10:00 AM', 'bot@example.in'), website: 'http://spam.example' },
      { now, clientIp: '198.51.100.7' },
    );
    expect(bot.ok).toBe(true);
    expect(await bookedSlots('2026-12-11')).toEqual([]);
    expect((await db.select().from(emailOutbox)).length).toBe(before);
  });
});
