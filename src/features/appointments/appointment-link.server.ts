// The link in every appointment mail that lets the person who booked move or cancel it without an
// account: the appointment's id and the link's expiry (the appointment's start), signed with an HMAC
// keyed from the store's secret under a label of its own (like order and unsubscribe links). Nothing is
// stored; changing the secret revokes every link. A forged or garbled link and an expired one are told
// apart, so the page can say which.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appointmentStartsAt } from '../../lib/appointments';
import { authSecret } from '../../server/auth-secret.server';
import { siteHref } from '../http/site-origin.server';

export const MANAGE_APPOINTMENT_PATH = '/appointment/manage';

let key: Buffer | undefined;
const linkKey = () => (key ??= createHmac('sha256', authSecret()).update('vedara appointment links v1').digest());

const signature = (id: number, expires: number) =>
  createHmac('sha256', linkKey()).update(`${id}.${expires}`).digest('base64url');

/** The link's fields: `a` the appointment, `e` its expiry (seconds since 1970), `s` the signature. */
export function manageAppointmentParams(id: number, expires: Date): Record<'a' | 'e' | 's', string> {
  const e = Math.floor(expires.getTime() / 1000);
  return { a: String(id), e: String(e), s: signature(id, e) };
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
  if (!a || !e || !s || !/^\d{1,9}$/.test(a) || !/^\d{1,12}$/.test(e)) return { ok: false, reason: 'forged' };
  const expected = Buffer.from(signature(Number(a), Number(e)));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
  const expires = new Date(Number(e) * 1000);
  if (now.getTime() >= expires.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, id: Number(a), expires };
}
