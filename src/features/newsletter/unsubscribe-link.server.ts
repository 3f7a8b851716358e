// The newsletter's one-click unsubscribe link: an HMAC of the address, keyed (like order links, see
// checkout/order-access.server) from the store's secret under a label of its own, so the token is
// good for nothing else. Nothing is stored; changing the secret revokes every link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from '../../server/auth-secret.server';
import { siteHref } from '../../server/http/site-origin.server';
import { normaliseEmail } from './newsletter';

let key: Buffer | undefined;
const unsubscribeKey = () =>
  (key ??= createHmac('sha256', authSecret()).update('vedara newsletter unsubscribe v1').digest());

export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

export function unsubscribeToken(email: string): string {
  return createHmac('sha256', unsubscribeKey()).update(email.trim().toLowerCase()).digest('base64url');
}

/** The address a link is good for, or null for a forged, garbled or truncated link. */
export function verifiedUnsubscribeEmail(
  rawEmail: string | null | undefined,
  token: string | null | undefined,
): string | null {
  const email = normaliseEmail(rawEmail);
  if (!email || !token) return null;
  const expected = Buffer.from(unsubscribeToken(email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected) ? email : null;
}

export function unsubscribeUrl(email: string): string {
  const params = new URLSearchParams({ email: email.trim().toLowerCase(), token: unsubscribeToken(email) });
  return siteHref(`${UNSUBSCRIBE_PATH}?${params}`);
}

/** Headers that let mail apps offer their own unsubscribe button (RFC 2369, one-click per RFC 8058). */
export const listUnsubscribeHeaders = (email: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl(email)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
