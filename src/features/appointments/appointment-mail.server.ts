// The mails an appointment sends its booker: booked, moved, cancelled (by the desk or by the booker
// through the signed link). Each names the time as 'Wed, 9 Dec 2026, 10:00 AM IST', carries the
// appointment's calendar file (.ics, made when the mail is sent: appointment-calendar.server.ts) and,
// while it stands, the signed link to move or cancel it without signing in.
import type { appointments } from '../../db/schema';
import { formatAppointmentWhen } from '../../lib/appointments';
import type { MailAttachmentRef } from '../../server/mail/attachment-ref';
import type { OutgoingEmail } from '../../server/mail/outbox.server';
import { renderMail } from '../../server/mail/templates.server';
import { siteHref } from '../../server/http/site-origin.server';
import { manageAppointmentUrl } from './appointment-link.server';

export type AppointmentRow = typeof appointments.$inferSelect;
export type ChangedBy = 'staff' | 'booker';

/** The rows every appointment mail shows. */
export const appointmentDetails = (a: Pick<AppointmentRow, 'date' | 'time' | 'name' | 'phone'>): [string, string][] => [
  ['When', formatAppointmentWhen(a.date, a.time)],
  ['Name', a.name],
  ['Phone', a.phone],
];

export const calendarAttachment = (a: Pick<AppointmentRow, 'id'>): MailAttachmentRef => ({
  kind: 'appointment-calendar',
  appointmentId: a.id,
});

const manageAction = (a: AppointmentRow) => ({ label: 'Reschedule or cancel', url: manageAppointmentUrl(a) });

export function bookedMail(a: AppointmentRow): OutgoingEmail {
  return {
    kind: 'appointment_confirmation',
    to: a.email,
    attachments: [calendarAttachment(a)],
    ...renderMail({
      subject: `Appointment Confirmed: ${formatAppointmentWhen(a.date, a.time)}`,
      greeting: `Namaste ${a.name},`,
      paragraphs: [
        'Thank you for booking a free consultation with a Vedara wellness expert. We will call you at the time below.',
        'The attached calendar file adds it to your calendar. Need to change it? Use the button below to pick another slot or cancel, no account needed.',
      ],
      details: appointmentDetails(a),
      action: manageAction(a),
    }),
  };
}

export function movedMail(
  before: Pick<AppointmentRow, 'date' | 'time'>,
  after: AppointmentRow,
  by: ChangedBy,
): OutgoingEmail {
  const from = formatAppointmentWhen(before.date, before.time);
  return {
    kind: 'appointment_rescheduled',
    to: after.email,
    attachments: [calendarAttachment(after)],
    ...renderMail({
      subject: `Appointment moved: ${formatAppointmentWhen(after.date, after.time)}`,
      greeting: `Namaste ${after.name},`,
      paragraphs: [
        by === 'staff'
          ? `We have moved your free consultation from ${from} to the new time below. We will call you then.`
          : `You moved your free consultation from ${from} to the new time below. We will call you then.`,
        'The attached calendar file updates the event in your calendar. Does the new time not suit you? Use the button below to pick another slot or cancel.',
      ],
      details: appointmentDetails(after),
      action: manageAction(after),
    }),
  };
}

export function cancelledMail(a: AppointmentRow, by: ChangedBy): OutgoingEmail {
  return {
    kind: 'appointment_cancelled',
    to: a.email,
    attachments: [calendarAttachment(a)],
    ...renderMail({
      subject: `Appointment cancelled: ${formatAppointmentWhen(a.date, a.time)}`,
      greeting: `Namaste ${a.name},`,
      paragraphs: [
        by === 'staff'
          ? 'Your free consultation below has been cancelled. We are sorry for the change.'
          : 'You cancelled your free consultation below. The attached calendar file takes it out of your calendar.',
        'You are welcome to book a new slot on our website whenever it suits you.',
      ],
      details: appointmentDetails(a),
      action: { label: 'Book a new appointment', url: siteHref('/appointment') },
    }),
  };
}
