// Authenticator codes (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), computed the way better-auth
// checks them (the secret's bytes are the key; one step of clock drift either way), so the store can
// tell which time-step a code belongs to and refuse a step that was already used.
import { createHmac, randomInt } from 'node:crypto';

export const TOTP_PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;

export const timeStep = (now = Date.now()) => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

export function codeForStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', Buffer.from(secret, 'utf8')).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The newest time-step (within the drift better-auth allows) whose code is `code`, or null. */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  const current = timeStep(now);
  for (let step = current + DRIFT_STEPS; step >= current - DRIFT_STEPS; step--) {
    if (codeForStep(secret, step) === code) return step;
  }
  return null;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32(text: string): string {
  let bits = '';
  for (const byte of Buffer.from(text, 'utf8')) bits += byte.toString(2).padStart(8, '0');
  return (bits.match(/.{1,5}/g) ?? []).map((chunk) => BASE32[parseInt(chunk.padEnd(5, '0'), 2)]).join('');
}

/** What an authenticator app scans: the same URI better-auth hands out when two-step is switched on. */
export function totpUri(secret: string, issuer: string, account: string): string {
  const params = new URLSearchParams({
    secret: base32(secret),
    issuer,
    digits: '6',
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${params}`;
}

/** Backup codes use no look-alikes (no 0/O, 1/I/L): they are read off paper and typed by hand. */
export const BACKUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newBackupCodes(count = 10): string[] {
  const part = () =>
    Array.from({ length: 5 }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => `${part()}-${part()}`);
}

/** A backup code as typed (spaces, lower case, dash left out) in the form it was issued. */
export function normaliseBackupCode(input: string): string {
  const compact = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : input.trim();
}
