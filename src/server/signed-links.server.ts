// In src/server because several features (refill reminders, abandoned carts, and any later link that acts
// without sign-in) need links that expire, keyed from the one store secret, and none should import
// another's to make them. Each use names its own label, so a token made for one is good for nothing else.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from './auth-secret.server';

const keys = new Map<string, Buffer>();
const keyFor = (label: string) => {
  let key = keys.get(label);
  if (!key) {
    key = createHmac('sha256', authSecret()).update(`vedara signed link ${label} v1`).digest();
    keys.set(label, key);
  }
  return key;
};

/** The signature of `payload` (the link's own values, joined) valid until `expires` (epoch seconds). */
export function signLink(label: string, payload: string, expires: number): string {
  return createHmac('sha256', keyFor(label)).update(`${payload}\n${expires}`).digest('base64url');
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
  const expected = Buffer.from(signLink(label, payload, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return Number(expires) * 1000 > now.getTime() ? 'valid' : 'expired';
}
