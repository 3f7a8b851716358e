// The appointment mail and its signed link on a real database, with a fixed clock: the confirmation
// names the time as "Wed, 9 Dec 2026, 10:00 AM IST", carries the calendar file (made by the outbox's
// attachment provider) and a link that moves or cancels the appointment without signing in; a forged
// or expired link, a taken or closed slot change nothing; each change mails a newer calendar file.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import { appointmentBlockedDays, appointments, emailOutbox } from '../../db/schema';
import { APPOINTMENT_MESSAGES } from '../../lib/appointments';
import { attachmentFiles } from '../../server/mail/attachments.server';
import { PostedForm, statusOf } from '../../server/http/form.server';
import './appointment-calendar.server';
import { manageAppointmentParams } from './appointment-link.server';
import { bookAppointment, bookedSlots } from './appointments.server';
import { MANAGE_MESSAGES, manageAppointmentRequest, openManageLink } from './manage-appointment.server';

// Monday 30 Nov 2026, 10:15 IST.
const now = new Date('2026-11-30T04:45:00Z');
let ips = 0;
async function book(email: string, date = '2026-12-09', time = '10:00 AM') {
  const result = await bookAppointment(
    { name: 'Asha Rao', email, phone: '+91 98765 43210', date, time, notes: '' },
    { now, clientIp: `10.9.0.${++ips}` },
  );
  if (!result.ok) throw new Error(result.message);
  return result.id;
}
const mails = async (to: string) =>
  (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(asc(emailOutbox.id));
const row = async (id: number) => (await (await getDb()).select().from(appointments).where(eq(appointments.id, id)))[0];
const linkOf = (text: string) => {
  const url = new URL(/Reschedule or cancel: (\S+)/.exec(text)![1]);
  return {
    path: url.pathname,
    a: url.searchParams.get('a'),
    e: url.searchParams.get('e'),
    s: url.searchParams.get('s'),
  };
};
const post = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return new PostedForm(data);
};
const calendarOf = async (mail: typeof emailOutbox.$inferSelect) => {
  const [file] = await attachmentFiles(mail.attachments);
  return { ...file, text: file.content.toString('utf8') };
};

describe('appointment mail and its signed link', () => {
  it('the confirmation reads the time the Indian way, keeps the phone as 10 digits and carries the calendar file', async () => {
    const id = await book('ics@example.in');
    expect((await row(id)).phone).toBe('9876543210');
    const [mail] = await mails('ics@example.in');
    expect(mail.subject).toBe('Appointment Confirmed: Wed, 9 Dec 2026, 10:00 AM IST');
    expect(mail.textBody).toContain('When: Wed, 9 Dec 2026, 10:00 AM IST');
    expect(mail.attachments).toEqual([{ kind: 'appointment-calendar', appointmentId: id }]);
    const ics = await calendarOf(mail);
    expect(ics.filename).toBe('appointment.ics');
    expect(ics.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const unfolded = ics.text.replace(/\r\n /g, '');
    expect(unfolded).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(unfolded).toContain(`UID:appointment-${id}@`);
    expect(unfolded).toContain('SEQUENCE:0\r\n');
    // 10:00 AM in India is 04:30 UTC; the consultation takes its 30-minute slot.
    expect(unfolded).toContain('DTSTART:20261209T043000Z\r\nDTEND:20261209T050000Z\r\n');
    expect(unfolded).toContain('STATUS:CONFIRMED');
    const link = linkOf(mail.textBody);
    expect(link.path).toBe('/appointment/manage');
    expect(unfolded).toContain(`URL:`);
    // The link ends when the appointment begins.
    expect(Number(link.e)).toBe(Date.parse('2026-12-09T04:30:00Z') / 1000);
    expect(await openManageLink(link, now)).toMatchObject({ ok: true, appointment: { id } });
  });

  it('a forged or expired link opens nothing and changes nothing (403, 410)', async () => {
    const id = await book('forged@example.in', '2026-12-10', '11:00 AM');
    const link = linkOf((await mails('forged@example.in'))[0].textBody);
    const other = await book('other@example.in', '2026-12-10', '11:30 AM');
    const forgeries = [
      { ...link, a: String(other) }, // another appointment's id under this signature
      { ...link, e: String(Number(link.e) + 86_400) }, // a later expiry
      { ...link, s: `${link.s!.slice(1)}${link.s!.startsWith('A') ? 'B' : 'A'}` }, // a signature of the right length, not ours
      { a: link.a, e: link.e, s: null },
      { a: 'x', e: link.e, s: link.s },
    ];
    for (const fields of forgeries) {
      expect(await openManageLink(fields, now), JSON.stringify(fields)).toEqual({
        ok: false,
        code: 'forbidden',
        message: MANAGE_MESSAGES.forged,
      });
      const outcome = await manageAppointmentRequest(post({ intent: 'cancel' }), fields, now);
      expect(outcome).toMatchObject({ ok: false, code: 'forbidden', message: MANAGE_MESSAGES.forged });
    }
    const later = new Date('2026-12-10T05:30:00Z'); // 11:00 AM IST that day: it has begun
    expect(await openManageLink(link, later)).toEqual({ ok: false, code: 'gone', message: MANAGE_MESSAGES.expired });
    const outcome = await manageAppointmentRequest(post({ intent: 'cancel' }), link, later);
    expect(outcome).toMatchObject({ ok: false, code: 'gone' });
    expect(!outcome.ok && statusOf(outcome.code)).toBe(410);
    expect(await row(id)).toMatchObject({ status: 'booked', date: '2026-12-10', time: '11:00 AM', sequence: 0 });
    expect((await mails('forged@example.in')).map((m) => m.kind)).toEqual(['appointment_confirmation']);
  });

  it('reschedules within the slot rules, mailing the new time and a newer calendar file', async () => {
    const id = await book('move@example.in', '2026-12-11', '02:00 PM');
    await book('taken@example.in', '2026-12-14', '03:00 PM');
    await (await getDb()).insert(appointmentBlockedDays).values({ date: '2026-12-15', reason: 'Diwali stocktake' });
    const link = linkOf((await mails('move@example.in'))[0].textBody);
    const move = (date: string, time: string) =>
      manageAppointmentRequest(post({ intent: 'reschedule', date, time }), link, now);

    expect(await move('2026-12-14', '03:00 PM')).toMatchObject({
      ok: false,
      code: 'conflict',
      message: APPOINTMENT_MESSAGES.slotTaken,
    });
    expect(await move('2026-12-12', '10:00 AM')).toMatchObject({
      ok: false,
      code: 'unprocessable',
      message: APPOINTMENT_MESSAGES.weekend,
    });
    expect(await move('2026-12-15', '10:00 AM')).toMatchObject({
      ok: false,
      message: APPOINTMENT_MESSAGES.blocked('Diwali stocktake'),
    });
    expect(await move('2026-11-27', '10:00 AM')).toMatchObject({ ok: false, message: APPOINTMENT_MESSAGES.pastDate });
    expect(await move('2026-12-14', '')).toMatchObject({ ok: false, message: MANAGE_MESSAGES.chooseSlot });
    expect(await row(id)).toMatchObject({ date: '2026-12-11', time: '02:00 PM', sequence: 0 });

    expect(await move('2026-12-14', '09:30 AM')).toEqual({
      ok: true,
      notice:
        'Done: your consultation is now on Mon, 14 Dec 2026, 9:30 AM IST. We have emailed you the new time and calendar file.',
    });
    expect(await row(id)).toMatchObject({ date: '2026-12-14', time: '09:30 AM', status: 'booked', sequence: 1 });
    expect(await bookedSlots('2026-12-11')).not.toContain('02:00 PM');
    const moved = (await mails('move@example.in')).find((m) => m.kind === 'appointment_rescheduled')!;
    expect(moved.subject).toBe('Appointment moved: Mon, 14 Dec 2026, 9:30 AM IST');
    expect(moved.textBody).toContain(
      'You moved your free consultation from Fri, 11 Dec 2026, 2:00 PM IST to the new time below.',
    );
    const ics = (await calendarOf(moved)).text.replace(/\r\n /g, '');
    expect(ics).toContain(`UID:appointment-${id}@`);
    expect(ics).toContain('SEQUENCE:1\r\n');
    expect(ics).toContain('DTSTART:20261214T040000Z');
    // The new mail's link works; so does the old one until the old time.
    expect(await openManageLink(linkOf(moved.textBody), now)).toMatchObject({ ok: true });
  });

  it('cancels: the slot frees, the mail carries a cancelling calendar file; cancelling again changes nothing', async () => {
    const id = await book('cancel@example.in', '2026-12-16', '04:00 PM');
    const link = linkOf((await mails('cancel@example.in'))[0].textBody);
    expect(await manageAppointmentRequest(post({ intent: 'cancel' }), link, now)).toEqual({
      ok: true,
      notice: 'Your consultation on Wed, 16 Dec 2026, 4:00 PM IST is cancelled. We have emailed you a confirmation.',
    });
    expect(await row(id)).toMatchObject({ status: 'cancelled', sequence: 1 });
    expect(await bookedSlots('2026-12-16')).toEqual([]);
    const cancelled = (await mails('cancel@example.in')).find((m) => m.kind === 'appointment_cancelled')!;
    expect(cancelled.textBody).toContain('You cancelled your free consultation below.');
    const ics = await calendarOf(cancelled);
    expect(ics.filename).toBe('appointment-cancelled.ics');
    expect(ics.text).toContain('METHOD:CANCEL\r\n');
    expect(ics.text).toContain('STATUS:CANCELLED\r\n');
    expect(ics.text).toContain('SEQUENCE:1\r\n');

    expect(await manageAppointmentRequest(post({ intent: 'cancel' }), link, now)).toMatchObject({
      ok: false,
      code: 'conflict',
      message: MANAGE_MESSAGES.cancelled,
    });
    expect(
      await manageAppointmentRequest(post({ intent: 'reschedule', date: '2026-12-17', time: '10:00 AM' }), link, now),
    ).toMatchObject({
      ok: false,
      code: 'conflict',
    });
    expect((await mails('cancel@example.in')).filter((m) => m.kind === 'appointment_cancelled')).toHaveLength(1);
    expect(
      await (await getDb())
        .select()
        .from(appointments)
        .where(and(eq(appointments.date, '2026-12-17'), eq(appointments.time, '10:00 AM'))),
    ).toEqual([]);
  });

  it('a link changes its appointment at most five times a day (each change sends a mail)', async () => {
    const id = await book('busy@example.in', '2026-12-21', '09:00 AM');
    const link = linkOf((await mails('busy@example.in'))[0].textBody);
    const slots = ['09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM'];
    for (const time of slots)
      expect(
        await manageAppointmentRequest(post({ intent: 'reschedule', date: '2026-12-21', time }), link, now),
      ).toMatchObject({ ok: true });
    const sixth = await manageAppointmentRequest(
      post({ intent: 'reschedule', date: '2026-12-21', time: '12:00 PM' }),
      link,
      now,
    );
    expect(sixth).toMatchObject({ ok: false, code: 'rate_limited', message: MANAGE_MESSAGES.limited });
    expect(await row(id)).toMatchObject({ time: '11:30 AM', sequence: 5 });
  });

  it('signs what it says: the link of one appointment and expiry', () => {
    const a = manageAppointmentParams(5, new Date('2026-12-09T04:30:00Z'));
    const b = manageAppointmentParams(6, new Date('2026-12-09T04:30:00Z'));
    expect(a.s).not.toBe(b.s);
    expect(a.e).toBe(String(Date.parse('2026-12-09T04:30:00Z') / 1000));
  });
});
