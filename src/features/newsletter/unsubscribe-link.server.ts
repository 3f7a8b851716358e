// The newsletter's one-click unsubscribe link: a token of the address (src/server/signed-links.server.ts),
// good for nothing else.
import { siteHref } from '../../server/http/site-origin.server';
import { tokenSigner } from '../../server/signed-links.server';
import { normaliseEmail } from './newsletter';

const unsubscribes = tokenSigner('vedara newsletter unsubscribe v1');

export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

export const unsubscribeToken = (email: string): string => unsubscribes.sign(email.trim().toLowerCase());

/** The address a link is good for, or null for a forged, garbled or truncated link. */
export function verifiedUnsubscribeEmail(
  rawEmail: string | null | undefined,
  token: string | null | undefined,
): string | null {
  const email = normaliseEmail(rawEmail);
  return email && unsubscribes.verify(email, token) ? email : null;
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
