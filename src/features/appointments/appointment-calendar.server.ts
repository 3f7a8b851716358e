// Appointment mail carries the appointment's calendar file (.ics). The outbox attaches files by kind
// without knowing appointments; this registers how this one is made: from the appointment as it
// stands when the mail goes (its UID the same for every version, its SEQUENCE counted up by each move
// or cancellation, so a calendar keeps only the newest). The middleware imports it with the invoices'.
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { appointments } from '../../db/schema';
import { APPOINTMENT_MINUTES, appointmentStartsAt, formatAppointmentWhen } from '../../lib/appointments';
import { calendarFile } from '../../lib/ics';
import type { MailAttachmentRef } from '../../server/mail/attachment-ref';
import { type MailFile, registerAttachments } from '../../server/mail/attachments.server';
import { siteOrigin } from '../../server/http/site-origin.server';
import { manageAppointmentUrl } from './appointment-link.server';
import type { AppointmentRow } from './appointment-mail.server';

/** The calendar file of an appointment as it stands at `stamp`. */
export function appointmentCalendarFile(a: AppointmentRow, stamp = new Date()): string {
  const start = appointmentStartsAt(a.date, a.time);
  const cancelled = a.status === 'cancelled';
  return calendarFile({
    uid: `appointment-${a.id}@${siteOrigin().hostname}`,
    sequence: a.sequence,
    start,
    end: new Date(start.getTime() + APPOINTMENT_MINUTES * 60_000),
    stamp,
    summary: 'Free consultation with a Vedara wellness expert',
    description: cancelled
      ? `Cancelled: ${formatAppointmentWhen(a.date, a.time)}.`
      : `We will call you on ${a.phone} at ${formatAppointmentWhen(a.date, a.time)}. To reschedule or cancel: ${manageAppointmentUrl(a)}`,
    url: cancelled ? undefined : manageAppointmentUrl(a),
    cancelled,
  });
}

export async function appointmentCalendarAttachment(ref: MailAttachmentRef): Promise<MailFile | null> {
  if (!('appointmentId' in ref)) return null;
  const db = await getDb();
  const [row] = await db.select().from(appointments).where(eq(appointments.id, ref.appointmentId));
  if (!row) return null;
  return {
    filename: row.status === 'cancelled' ? 'appointment-cancelled.ics' : 'appointment.ics',
    content: Buffer.from(appointmentCalendarFile(row), 'utf8'),
    contentType: `text/calendar; charset=utf-8; method=${row.status === 'cancelled' ? 'CANCEL' : 'PUBLISH'}`,
  };
}

registerAttachments('appointment-calendar', appointmentCalendarAttachment);
