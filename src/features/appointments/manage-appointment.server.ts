// /appointment/manage: the person who booked moves or cancels the appointment through the signed link
// in its mails, without signing in. A forged link is refused (403) and an expired one (410) with a page
// saying so, and nothing changes; a move keeps every slot rule the booking form has (the desk's own
// reschedule, with the booker named as the one who moved it); each change mails the booker a new
// calendar file. Changes through one link are limited per day (each sends a mail).
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { appointments } from '../../db/schema';
import { refusal, type Refusal } from '../../lib/errors';
import {
  APPOINTMENT_SLOTS,
  appointmentStartsAt,
  formatAppointmentWhen,
  isIsoDate,
  pastSlots,
} from '../../lib/appointments';
import { countAttempt } from '../auth/account-limit.server';
import { byIntent, type FormOutcome, type PostedForm, refuse } from '../../server/http/form.server';
import { checkManageLink, type LinkCheck } from './appointment-link.server';
import type { AppointmentRow } from './appointment-mail.server';
import { bookedSlots } from './appointments.server';
import { cancelAppointment, rescheduleAppointment } from './appointments-desk.server';

export const MANAGE_MESSAGES = {
  forged: 'This link is not valid. Please use the link in your appointment email exactly as it is.',
  expired: 'This link has expired: the appointment it was for has begun or passed. You are welcome to book a new one.',
  cancelled: 'This appointment was cancelled. You are welcome to book a new one.',
  limited:
    'This appointment has been changed several times today. Please try again tomorrow, or reply to your appointment email.',
  chooseSlot: 'Please choose a time.',
} as const;

/** Five changes a day through one appointment's link: each mails the booker. */
const CHANGE_LIMIT = { max: 5, windowSeconds: 86_400 };

export type ManageRefusal = Refusal<'forbidden' | 'gone'>;
export type ManageView = { ok: true; appointment: AppointmentRow; link: Record<'a' | 'e' | 's', string> };

const linkRefusal = (check: Extract<LinkCheck, { ok: false }>): ManageRefusal =>
  check.reason === 'expired' ? refusal('gone', MANAGE_MESSAGES.expired) : refusal('forbidden', MANAGE_MESSAGES.forged);

/** The appointment a link opens, or why it opens nothing. */
export async function openManageLink(fields: LinkFields, now = new Date()): Promise<ManageView | ManageRefusal> {
  const check = checkManageLink(fields, now);
  if (!check.ok) return linkRefusal(check);
  const db = await getDb();
  const [row] = await db.select().from(appointments).where(eq(appointments.id, check.id));
  // A signed link names an appointment that exists; a database reset is the only way it does not.
  if (!row) return refusal('gone', MANAGE_MESSAGES.cancelled);
  // Moved earlier since the link was made: it ends when the appointment begins.
  if (now.getTime() >= appointmentStartsAt(row.date, row.time).getTime())
    return refusal('gone', MANAGE_MESSAGES.expired);
  return { ok: true, appointment: row, link: { a: fields.a!, e: fields.e!, s: fields.s! } };
}

/** The slots the reschedule form offers for a date: every slot, the taken and past ones marked. */
export async function slotChoices(date: string, current: AppointmentRow, now = new Date()) {
  const taken = new Set(isIsoDate(date) ? await bookedSlots(date) : []);
  const past = new Set(isIsoDate(date) ? pastSlots(date, now) : APPOINTMENT_SLOTS);
  return APPOINTMENT_SLOTS.map((slot) => ({
    slot,
    mine: date === current.date && slot === current.time,
    taken: taken.has(slot) && !(date === current.date && slot === current.time),
    past: past.has(slot),
  }));
}

export type LinkFields = { a?: string | null; e?: string | null; s?: string | null };

/** The page's two forms: move to another slot, cancel. They post to the link's own address. */
export async function manageAppointmentRequest(
  form: PostedForm,
  link: LinkFields,
  now = new Date(),
): Promise<FormOutcome> {
  const opened = await openManageLink(link, now);
  if (!opened.ok) return refuse(opened.code, opened.message);
  const { appointment } = opened;
  if (appointment.status === 'cancelled') return refuse('conflict', MANAGE_MESSAGES.cancelled);
  const db = await getDb();
  const counted = () => countAttempt(db, `appointment-link:${appointment.id}`, CHANGE_LIMIT, now.getTime());
  return byIntent(form, {
    reschedule: async () => {
      const to = { date: form.text('date'), time: form.text('time') };
      if (!to.time)
        return refuse('unprocessable', MANAGE_MESSAGES.chooseSlot, {
          errors: { time: MANAGE_MESSAGES.chooseSlot },
          form,
        });
      if (!(await counted())) return refuse('rate_limited', MANAGE_MESSAGES.limited);
      const moved = await rescheduleAppointment(appointment.id, to, now, 'booker');
      if (!moved.ok) {
        // Taken by someone else meanwhile (or cancelled from the desk): the booking moved on, not the input.
        const code = moved.code === 'not_found' ? 'conflict' : moved.code;
        const field = moved.code === 'conflict' ? 'time' : 'date';
        return refuse(code, moved.message, { errors: { [field]: moved.message }, form });
      }
      return {
        ok: true,
        notice: `Done: your consultation is now on ${formatAppointmentWhen(to.date, to.time)}. We have emailed you the new time and calendar file.`,
      };
    },
    cancel: async () => {
      if (!(await counted())) return refuse('rate_limited', MANAGE_MESSAGES.limited);
      const cancelled = await cancelAppointment(appointment.id, 'booker');
      if (!cancelled.ok) return refuse('conflict', MANAGE_MESSAGES.cancelled);
      return {
        ok: true,
        notice: `Your consultation on ${formatAppointmentWhen(appointment.date, appointment.time)} is cancelled. We have emailed you a confirmation.`,
      };
    },
  });
}
