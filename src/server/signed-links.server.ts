// In src/server because several features (order, ticket and unsubscribe links, refill reminders, abandoned
// carts, appointment and back-in-stock links: anything that acts without sign-in) need tokens keyed from the
// one store secret, and none should import another's to make them. Each use has a key of its own, derived
// from the secret under its own label, so a token made for one is good for nothing else. Nothing is stored;
// changing the secret revokes every link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from './auth-secret.server';

const keys = new Map<string, Buffer>();
const keyFor = (keyLabel: string) => {
  let key = keys.get(keyLabel);
  if (!key) {
    key = createHmac('sha256', authSecret()).update(keyLabel).digest();
    keys.set(keyLabel, key);
  }
  return key;
};

/**
 * A signer of tokens that do not expire, under the key derived for `keyLabel` (the label is part of every
 * token ever sent with it: changing it revokes them all).
 */
export function tokenSigner(keyLabel: string) {
  const sign = (payload: string) => createHmac('sha256', keyFor(keyLabel)).update(payload).digest('base64url');
  return {
    sign,
    /** Whether `token` is this signer's for `payload` (compared in constant time). */
    verify(payload: string, token: string | null | undefined): boolean {
      if (!token) return false;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The signature of `payload` (the link's own values, joined) valid until `expires` (epoch seconds). */
export function signLink(label: string, payload: string, expires: number): string {
  return tokenSigner(`vedara signed link ${label} v1`).sign(`${payload}\n${expires}`);
}

export type LinkCheck = 'valid' | 'forged' | 'expired';

/**
 * Whether a link's signature is ours for this payload and expiry, and still within it. An expiry that is
 * not a plain number, or a signature of the wrong length, is forged; a good signature past its time, expired.
 */
export function checkLink(
  label: string,
  payload: string,
  expires: string | null | undefined,
  signature: string | null | undefined,
  now = new Date(),
): LinkCheck {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature) return 'forged';
  if (!tokenSigner(`vedara signed link ${label} v1`).verify(`${payload}\n${expires}`, signature)) return 'forged';
  return Number(expires) * 1000 > now.getTime() ? 'valid' : 'expired';
}
