// The link in every appointment mail that lets the person who booked move or cancel it without an
// account: the appointment's id and the link's expiry (the appointment's start), signed by the store's
// signed links under a label of their own. Nothing is stored; changing the secret revokes every link. A
// forged or garbled link and an expired one are told apart, so the page can say which.
import { appointmentStartsAt } from '../../lib/appointments';
import { checkLink, signLink } from '../../server/signed-links.server';
import { siteHref } from '../../server/http/site-origin.server';

const LABEL = 'appointment';

export const MANAGE_APPOINTMENT_PATH = '/appointment/manage';

/** The link's fields: `a` the appointment, `e` its expiry (seconds since 1970), `s` the signature. */
export function manageAppointmentParams(id: number, expires: Date): Record<'a' | 'e' | 's', string> {
  const e = Math.floor(expires.getTime() / 1000);
  return { a: String(id), e: String(e), s: signLink(LABEL, String(id), e) };
}

/** The link for an appointment as booked: good until it starts. */
export function manageAppointmentUrl(a: { id: number; date: string; time: string }): string {
  return siteHref(
    `${MANAGE_APPOINTMENT_PATH}?${new URLSearchParams(manageAppointmentParams(a.id, appointmentStartsAt(a.date, a.time)))}`,
  );
}

export type LinkCheck = { ok: true; id: number; expires: Date } | { ok: false; reason: 'forged' | 'expired' };

/** Whether the fields are a link this store signed (forged otherwise) and it has not expired. */
export function checkManageLink(
  fields: { a?: string | null; e?: string | null; s?: string | null },
  now = new Date(),
): LinkCheck {
  const { a, e, s } = fields;
  if (!a || !/^\d{1,9}$/.test(a)) return { ok: false, reason: 'forged' };
  const check = checkLink(LABEL, a, e, s, now);
  if (check !== 'valid') return { ok: false, reason: check };
  return { ok: true, id: Number(a), expires: new Date(Number(e) * 1000) };
}
