// Guests see their order through a link that proves they know its email: an HMAC of the order
// number and email, keyed from the store's AUTH_SECRET (or the secret generated once and kept in
// DATA_DIR, see src/server/auth-secret.server.ts). Nothing is stored; changing the secret revokes every link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from '../../server/auth-secret.server';

let key: Buffer | undefined;
// A key of its own, derived from the secret, so an order link can never double as any other token.
const orderLinkKey = () => (key ??= createHmac('sha256', authSecret()).update('vedara order links v1').digest());

export function orderAccessToken(orderNumber: string, email: string): string {
  return createHmac('sha256', orderLinkKey()).update(`${orderNumber}:${email.toLowerCase()}`).digest('base64url');
}

export function isValidOrderAccessToken(token: string | null | undefined, orderNumber: string, email: string): boolean {
  if (!token) return false;
  const expected = Buffer.from(orderAccessToken(orderNumber, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The confirmation page of an order, openable without signing in. */
export const orderConfirmationPath = (orderNumber: string, email: string) =>
  `/order/${orderNumber}?token=${orderAccessToken(orderNumber, email)}`;
