// The link that lets whoever filed a grievance follow its ticket without an account: an HMAC of the
// ticket number, keyed from the store's secret under a label of its own (like order and unsubscribe
// links). Nothing is stored; changing the secret revokes every link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from '../../server/auth-secret.server';
import { siteHref } from '../../server/http/site-origin.server';
import { ticketPath } from './grievance';

let key: Buffer | undefined;
const ticketKey = () => (key ??= createHmac('sha256', authSecret()).update('vedara grievance tickets v1').digest());

export const ticketToken = (ticket: string) => createHmac('sha256', ticketKey()).update(ticket).digest('base64url');

export function isValidTicketToken(ticket: string, token: string | null | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(ticketToken(ticket));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const ticketLinkPath = (ticket: string) => `${ticketPath(ticket)}?token=${ticketToken(ticket)}`;
export const ticketLink = (ticket: string) => siteHref(ticketLinkPath(ticket));
