// Booking free expert appointments: every rule checked again on the server, one booking per slot
// by the database, confirmation and store notice queued in the same transaction.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../../db/client';
import { appointments } from '../../db/schema';
import { env } from '../../lib/env.server';
import { APPOINTMENT_MESSAGES, validateAppointment, type AppointmentErrors } from '../../lib/appointments';
import { enqueueEmail, kickOutbox } from '../email/outbox.server';
import { renderMail } from '../email/templates';

export const appointmentSchema = z.object({
  name: z.string().trim().max(120).catch(''),
  email: z.string().trim().max(254).catch(''),
  phone: z.string().trim().max(15).catch(''),
  date: z.string().trim().max(10).catch(''),
  time: z.string().trim().max(8).catch(''),
  notes: z.string().trim().max(2000).catch(''),
});

export type BookingResult =
  | { ok: true; id: number }
  | { ok: false; errors: AppointmentErrors; message: string };

export function storeNoticeAddress() {
  return env().STORE_EMAIL;
}

export async function bookAppointment(raw: unknown, now = new Date()): Promise<BookingResult> {
  const input = appointmentSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
  const errors = validateAppointment(input, now);
  if (Object.keys(errors).length) return { ok: false, errors, message: Object.values(errors)[0]! };
  const db = await getDb();
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(appointments).values(input)
        .onConflictDoNothing({ target: [appointments.date, appointments.time] })
        .returning({ id: appointments.id });
      if (!row) return null;
      const details: [string, string][] = [['Date', input.date], ['Time', `${input.time} (IST)`], ['Name', input.name], ['Phone', input.phone]];
      await enqueueEmail(tx, { kind: 'appointment_confirmation', to: input.email, ...renderMail({
        subject: `Appointment Confirmed: ${input.date} at ${input.time}`,
        greeting: `Namaste ${input.name},`,
        paragraphs: ['Thank you for booking a free consultation with a Vedara wellness expert. We will call you at the time below.', 'Need to change it? Reply to this email and we will find a new slot.'],
        details,
      }) });
      await enqueueEmail(tx, { kind: 'appointment_store_notice', to: storeNoticeAddress(), ...renderMail({
        subject: `New appointment: ${input.date} ${input.time} — ${input.name}`,
        greeting: 'A new free consultation was booked.',
        paragraphs: input.notes ? [`Notes: ${input.notes}`] : [],
        details: [...details, ['Email', input.email]],
      }) });
      return row.id;
    });
    if (id == null) return { ok: false, errors: { time: APPOINTMENT_MESSAGES.slotTaken }, message: APPOINTMENT_MESSAGES.slotTaken };
    kickOutbox();
    return { ok: true, id };
  } catch (error) {
    console.error('Booking failed', error);
    return { ok: false, errors: {}, message: APPOINTMENT_MESSAGES.failed };
  }
}

/** Slots already taken on a date (the form greys them out). */
export async function bookedSlots(date: string): Promise<string[]> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return [];
  const db = await getDb();
  const rows = await db.select({ time: appointments.time }).from(appointments).where(eq(appointments.date, date));
  return rows.map((r) => r.time);
}
