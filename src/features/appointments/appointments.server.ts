// Booking free expert appointments: every rule checked again on the server (closed days and the
// booking horizon included), limits per client address and email, one booking per slot by the
// database, confirmation and store notice queued in the same transaction.
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../../db/client';
import { appointmentBlockedDays, appointments, appointmentSettings } from '../../db/schema';
import {
  addDays,
  APPOINTMENT_MESSAGES,
  DEFAULT_HORIZON_DAYS,
  formatAppointmentWhen,
  indiaNow,
  isIsoDate,
  validateAppointment,
  type AppointmentErrors,
  type BookingCalendar,
} from '../../lib/appointments';
import { isHoneypotFilled } from '../abuse/honeypot';
import { intakeLimitMessage, type Requester } from '../abuse/intake-limits.server';
import type { ErrorCode } from '../../lib/errors';
import { isDatabaseUnavailable } from '../../lib/database-faults';
import { statusOf } from '../../server/http/error-status';
import { refuse, type FormRefusal, type FormSuccess, type PostedForm } from '../../server/http/form.server';
import { enqueueEmail, kickOutbox } from '../../server/mail/outbox.server';
import { renderMail } from '../../server/mail/templates.server';
import { normaliseIndianMobile } from '../../lib/india';
import { storeNoticeAddress } from '../../server/store-notice-address.server';
import { appointmentDetails, bookedMail } from './appointment-mail.server';

export const appointmentSchema = z.object({
  name: z.string().trim().max(120).catch(''),
  email: z.string().trim().max(254).catch(''),
  phone: z.string().trim().max(20).catch(''),
  date: z.string().trim().max(10).catch(''),
  time: z.string().trim().max(8).catch(''),
  notes: z.string().trim().max(2000).catch(''),
});

export type BookingResult =
  | { ok: true; id: number }
  | { ok: false; code: ErrorCode; errors: AppointmentErrors; message: string; limited?: boolean };

/** Closed days from today to the horizon's end, and the horizon, as the form and the server use them. */
export async function bookingCalendar(now = new Date()): Promise<BookingCalendar> {
  const db = await getDb();
  const [settings] = await db
    .select({ horizonDays: appointmentSettings.bookingHorizonDays })
    .from(appointmentSettings)
    .limit(1);
  const horizonDays = settings?.horizonDays ?? DEFAULT_HORIZON_DAYS;
  const today = indiaNow(now).date;
  const rows = await db
    .select({ date: appointmentBlockedDays.date, reason: appointmentBlockedDays.reason })
    .from(appointmentBlockedDays)
    .where(and(gte(appointmentBlockedDays.date, today), lte(appointmentBlockedDays.date, addDays(today, horizonDays))))
    .orderBy(asc(appointmentBlockedDays.date));
  return { horizonDays, blocked: Object.fromEntries(rows.map((r) => [r.date, r.reason])) };
}

export async function bookAppointment(raw: unknown, requester: Requester = {}): Promise<BookingResult> {
  const now = requester.now ?? new Date();
  const input = appointmentSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
  const errors = validateAppointment(input, now, await bookingCalendar(now));
  if (Object.keys(errors).length) return { ok: false, code: 'invalid', errors, message: Object.values(errors)[0]! };
  // A bot filled the hidden field: it is told the booking worked; nothing is stored or mailed.
  if (isHoneypotFilled(raw)) return { ok: true, id: 0 };
  const limited = await intakeLimitMessage('appointment', input.email, { ...requester, now });
  if (limited) return { ok: false, code: 'rate_limited', errors: {}, message: limited, limited: true };
  const db = await getDb();
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(appointments)
        // Kept as its 10 digits, like an order's phone (the desk calls it).
        .values({ ...input, phone: normaliseIndianMobile(input.phone) ?? input.phone })
        .onConflictDoNothing({
          target: [appointments.date, appointments.time],
          where: eq(appointments.status, 'booked'),
        })
        .returning();
      if (!row) return null;
      await enqueueEmail(tx, bookedMail(row));
      await enqueueEmail(tx, {
        kind: 'appointment_store_notice',
        to: storeNoticeAddress(),
        ...renderMail({
          subject: `New appointment: ${formatAppointmentWhen(row.date, row.time)} — ${row.name}`,
          greeting: 'A new free consultation was booked.',
          paragraphs: row.notes ? [`Notes: ${row.notes}`] : [],
          details: [...appointmentDetails(row), ['Email', row.email]],
        }),
      });
      return row.id;
    });
    if (id == null)
      return {
        ok: false,
        code: 'conflict',
        errors: { time: APPOINTMENT_MESSAGES.slotTaken },
        message: APPOINTMENT_MESSAGES.slotTaken,
      };
    kickOutbox();
    return { ok: true, id };
  } catch (error) {
    // The connection went away mid-transaction: nothing was booked; the HTTP boundary answers 503.
    if (isDatabaseUnavailable(error)) throw error;
    console.error('Booking failed', error);
    return { ok: false, code: 'failed', errors: {}, message: APPOINTMENT_MESSAGES.failed };
  }
}

/** The HTTP status of a booking: 201, or its code's (409 a taken slot, 429 a limit, 400 bad input, 500 a failure). */
export function bookingStatus(result: BookingResult): number {
  return result.ok ? 201 : statusOf(result.code);
}

/** Slots already taken on a date (the form greys them out). */
export async function bookedSlots(date: string): Promise<string[]> {
  if (!isIsoDate(date)) return [];
  const db = await getDb();
  const rows = await db
    .select({ time: appointments.time })
    .from(appointments)
    .where(and(eq(appointments.date, date), eq(appointments.status, 'booked')));
  return rows.map((r) => r.time);
}

/** The /appointment page's no-JavaScript post: the booking, and on a refusal the day's taken slots for the form. */
export async function bookingFormRequest(
  form: PostedForm,
  requester: Requester,
): Promise<(FormSuccess | FormRefusal) & { booked: string[] }> {
  const result = await bookAppointment(form.values(), requester);
  if (result.ok) return { ok: true, booked: [] };
  return {
    ...refuse(result.code, result.message, { errors: result.errors, form }),
    booked: await bookedSlots(form.raw('date') ?? ''),
  };
}
