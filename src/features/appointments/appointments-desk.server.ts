// /admin/appointments: the day's appointments and the week ahead; staff cancel or move a booking
// (the database's one-booking-per-slot index decides a race), the customer is mailed in the same
// transaction; closed days and the booking horizon are set here.
import { and, asc, count, eq, getTableColumns, gte, lte, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { appointmentBlockedDays, appointments, appointmentSettings } from '../../db/schema';
import {
  addDays,
  APPOINTMENT_MESSAGES,
  formatDay,
  indiaNow,
  isIsoDate,
  slotErrors,
  slotMinutes,
} from '../../lib/appointments';
import { parseRowId } from '../../lib/row-id';
import { enqueueEmail, kickOutbox } from '../../server/mail/outbox.server';
import { refusal, type Refusal } from '../../lib/errors';
import { UNKNOWN_INTENT, type FormOutcome, type PostedForm } from '../../server/http/form.server';
import { cancelledMail, type ChangedBy, movedMail } from './appointment-mail.server';
import { bookingCalendar } from './appointments.server';

export const DESK_MESSAGES = {
  notFound: 'There is no such booked appointment (it may have been cancelled already).',
  reason: 'Please give a reason of 1 to 200 characters.',
  date: 'Please choose a date (YYYY-MM-DD).',
  pastDate: 'A past day cannot be closed.',
  horizon: 'The booking horizon must be a whole number of days from 1 to 365.',
  sameSlot: 'The appointment is already at that time.',
} as const;

export type DeskResult = { ok: true; notice: string } | Refusal;

/** The day to show: the ?date= asked for when it is a real date, else today in India. */
export const deskDay = (asked: string | null, now = new Date()) =>
  asked && isIsoDate(asked) ? asked : indiaNow(now).date;

/**
 * A day's appointments in slot order. The notes (health-adjacent, DPDP) are read from the database only
 * for a member who may see them (health.view); for anyone else they are not selected at all, only whether
 * there are any.
 */
export async function appointmentsOn(date: string, { withNotes = false }: { withNotes?: boolean } = {}) {
  const db = await getDb();
  const { notes, ...withoutNotes } = getTableColumns(appointments);
  const rows = await db
    .select({ ...withoutNotes, notes: withNotes ? notes : sql<string>`''`, hasNotes: sql<boolean>`${notes} <> ''` })
    .from(appointments)
    .where(eq(appointments.date, date));
  return rows.sort((a, b) => slotMinutes(a.time) - slotMinutes(b.time) || a.id - b.id);
}

/** Seven days from `from`: booked appointments per day and whether the day is closed. */
export async function weekAtAGlance(from: string) {
  const db = await getDb();
  const to = addDays(from, 6);
  const counts = await db
    .select({ date: appointments.date, booked: count() })
    .from(appointments)
    .where(and(gte(appointments.date, from), lte(appointments.date, to), eq(appointments.status, 'booked')))
    .groupBy(appointments.date);
  const closed = await db
    .select()
    .from(appointmentBlockedDays)
    .where(and(gte(appointmentBlockedDays.date, from), lte(appointmentBlockedDays.date, to)));
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(from, i);
    return {
      date,
      booked: Number(counts.find((c) => c.date === date)?.booked ?? 0),
      closedReason: closed.find((c) => c.date === date)?.reason ?? null,
    };
  });
}

/** Cancels a booked appointment (by the desk, or by its booker through the signed link) and mails the booker. */
export async function cancelAppointment(id: number, by: ChangedBy = 'staff'): Promise<DeskResult> {
  const db = await getDb();
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: new Date(), sequence: sql`${appointments.sequence} + 1` })
      .where(and(eq(appointments.id, id), eq(appointments.status, 'booked')))
      .returning();
    if (!row) return null;
    await enqueueEmail(tx, cancelledMail(row, by));
    return row;
  });
  if (!cancelled) return refusal('not_found', DESK_MESSAGES.notFound);
  kickOutbox();
  return {
    ok: true,
    notice: `Cancelled ${cancelled.name}’s appointment on ${formatDay(cancelled.date)} at ${cancelled.time}. We mailed ${cancelled.email}.`,
  };
}

const isSlotTaken = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: unknown };
  return e?.code === '23505' || (e?.cause ? isSlotTaken(e.cause) : false);
};

/** Moves a booked appointment to a free slot on a bookable day; the unique index refuses a taken one. */
export async function rescheduleAppointment(
  id: number,
  to: { date: string; time: string },
  now = new Date(),
  by: ChangedBy = 'staff',
): Promise<DeskResult> {
  const problems = slotErrors(to, now, await bookingCalendar(now));
  const problem = problems.date ?? problems.time;
  if (problem) return refusal('unprocessable', problem);
  const db = await getDb();
  try {
    const moved = await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(appointments)
        .where(and(eq(appointments.id, id), eq(appointments.status, 'booked')))
        .for('update');
      if (!before) return 'not_found' as const;
      if (before.date === to.date && before.time === to.time) return 'same' as const;
      const [after] = await tx
        .update(appointments)
        .set({ date: to.date, time: to.time, sequence: sql`${appointments.sequence} + 1` })
        .where(eq(appointments.id, id))
        .returning();
      await enqueueEmail(tx, movedMail(before, after, by));
      return after;
    });
    if (moved === 'not_found') return refusal('not_found', DESK_MESSAGES.notFound);
    if (moved === 'same') return refusal('unprocessable', DESK_MESSAGES.sameSlot);
    kickOutbox();
    return {
      ok: true,
      notice: `Moved ${moved.name}’s appointment to ${formatDay(moved.date)} at ${moved.time}. We mailed ${moved.email}.`,
    };
  } catch (error) {
    if (isSlotTaken(error)) return refusal('conflict', APPOINTMENT_MESSAGES.slotTaken);
    throw error;
  }
}

export async function upcomingBlockedDays(now = new Date()) {
  const db = await getDb();
  return db
    .select()
    .from(appointmentBlockedDays)
    .where(gte(appointmentBlockedDays.date, indiaNow(now).date))
    .orderBy(asc(appointmentBlockedDays.date));
}

export async function blockDay(
  form: { date?: string; reason?: string },
  staffId: string,
  now = new Date(),
): Promise<DeskResult> {
  const date = (form.date ?? '').trim();
  const reason = (form.reason ?? '').trim();
  if (!isIsoDate(date)) return refusal('unprocessable', DESK_MESSAGES.date);
  if (date < indiaNow(now).date) return refusal('unprocessable', DESK_MESSAGES.pastDate);
  if (reason.length < 1 || reason.length > 200) return refusal('unprocessable', DESK_MESSAGES.reason);
  const db = await getDb();
  await db
    .insert(appointmentBlockedDays)
    .values({ date, reason, createdBy: staffId })
    .onConflictDoUpdate({ target: appointmentBlockedDays.date, set: { reason, createdBy: staffId } });
  // Bookings made before the day was closed stay: staff see how many to cancel or move.
  const [{ booked }] = await db
    .select({ booked: count() })
    .from(appointments)
    .where(and(eq(appointments.date, date), eq(appointments.status, 'booked')));
  const left = Number(booked);
  return {
    ok: true,
    notice: `${formatDay(date)} is closed for booking (${reason}).${left ? ` ${left} appointment${left === 1 ? ' is' : 's are'} still booked that day: cancel or move ${left === 1 ? 'it' : 'them'}.` : ''}`,
  };
}

export async function unblockDay(date: string): Promise<DeskResult> {
  if (!isIsoDate(date)) return refusal('unprocessable', DESK_MESSAGES.date);
  const db = await getDb();
  const rows = await db.delete(appointmentBlockedDays).where(eq(appointmentBlockedDays.date, date)).returning();
  return rows.length
    ? { ok: true, notice: `${formatDay(date)} is open for booking again.` }
    : refusal('not_found', DESK_MESSAGES.date);
}

export async function setBookingHorizon(raw: string | undefined): Promise<DeskResult> {
  const text = (raw ?? '').trim();
  const days = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(days >= 1 && days <= 365)) return refusal('unprocessable', DESK_MESSAGES.horizon);
  const db = await getDb();
  await db
    .insert(appointmentSettings)
    .values({ id: 1, bookingHorizonDays: days, updatedAt: new Date() })
    .onConflictDoUpdate({ target: appointmentSettings.id, set: { bookingHorizonDays: days, updatedAt: new Date() } });
  return { ok: true, notice: `Shoppers can now book up to ${days} days ahead.` };
}

/** One POST of the desk page, by its intent. */
export async function appointmentDeskAction(
  form: Record<string, string>,
  staffId: string,
  now = new Date(),
): Promise<DeskResult> {
  const id = parseRowId(form.id);
  switch (form.intent) {
    case 'cancel':
      return id ? cancelAppointment(id) : refusal('not_found', DESK_MESSAGES.notFound);
    case 'reschedule':
      return id
        ? rescheduleAppointment(id, { date: (form.date ?? '').trim(), time: (form.time ?? '').trim() }, now)
        : refusal('not_found', DESK_MESSAGES.notFound);
    case 'block':
      return blockDay(form, staffId, now);
    case 'unblock':
      return unblockDay((form.date ?? '').trim());
    case 'horizon':
      return setBookingHorizon(form.horizonDays);
    default:
      return refusal('invalid', UNKNOWN_INTENT);
  }
}

/** The desk page's form post, answered with a typed code (src/server/http/form.server.ts). */
export async function appointmentDeskRequest(form: PostedForm, staffId: string): Promise<FormOutcome> {
  const result = await appointmentDeskAction(form.values(), staffId);
  return result;
}
