// Attempts counted in a fixed window in the database (the rate_limit table), so every server process
// shares them. Sign-in is slowed per address AND account (a stranger elsewhere cannot lock the owner
// out) under a generous ceiling per account (a botnet cannot grind one account); codes and reset
// mails are limited per account; order tracking per address. See docs/decisions (sign-in limits).
// An account is named by the identifier the shopper signs in with: an email, or a mobile (+91…) for
// phone sign-in, which gets the same budgets as the emailed code.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface AccountLimit {
  max: number;
  windowSeconds: number;
}

/** Per account only: these send mail or an SMS, so the limit protects the inbox or phone, not a secret. */
export const ACCOUNT_LIMITS = {
  '/email-otp/send-verification-otp': { max: 5, windowSeconds: 900 },
  '/phone-number/send-otp': { max: 5, windowSeconds: 900 },
  '/request-password-reset': { max: 3, windowSeconds: 3600 },
} satisfies Record<string, AccountLimit>;

/** Password, emailed-code and SMS-code sign-ins: each guesses a secret of the account, under one budget per identifier. */
export const SIGN_IN_PATHS = new Set(['/sign-in/email', '/sign-in/email-otp', '/phone-number/verify']);

export const SIGN_IN_LIMITS = {
  /** One address, one account: a few tries, then a wait of a quarter of an hour; a success starts over. */
  pair: { max: 5, windowSeconds: 900 },
  /** All addresses together on one account: far above what its owner needs, far below brute force. */
  account: { max: 100, windowSeconds: 3600 },
} satisfies Record<string, AccountLimit>;

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAt: number };

/** An email in lower case; a mobile is already in its one form (+91 and ten digits). */
const normalIdentifier = (identifier: string) => identifier.trim().toLowerCase();

/** Counts one attempt under `key`; refused once the window's allowance is used up, with when it ends. */
export async function takeAttempt(db: Db, key: string, limit: AccountLimit, now = Date.now()): Promise<AttemptVerdict> {
  const windowStart = now - limit.windowSeconds * 1000;
  // One atomic upsert: a new window starts at 1, otherwise the count goes up.
  const rows = await db.execute(sql`
    insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request < ${windowStart} then 1 else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request < ${windowStart} then ${now} else rate_limit.last_request end
    returning count, last_request`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
    count: number;
    last_request: number | string;
  }[];
  const row = list[0];
  if (Number(row?.count ?? 0) <= limit.max) return { allowed: true };
  return { allowed: false, retryAt: Number(row.last_request) + limit.windowSeconds * 1000 };
}

/** Counts one attempt under `key`; false once the window's allowance is used up. */
export async function countAttempt(db: Db, key: string, limit: AccountLimit, now = Date.now()): Promise<boolean> {
  return (await takeAttempt(db, key, limit, now)).allowed;
}

/** Counts one attempt of `action` on the account `identifier` (email or mobile); false once its window is used up. */
export function accountAttempt(
  db: Db,
  action: string,
  identifier: string,
  limit: AccountLimit,
  now = Date.now(),
): Promise<boolean> {
  return countAttempt(db, `account:${action}:${normalIdentifier(identifier)}`, limit, now);
}

const pairKey = (address: string, identifier: string) => `sign-in:pair:${address}:${normalIdentifier(identifier)}`;

/** One sign-in try (password or code) on `identifier` from `address`: the pair's budget, then the account's. */
export async function signInAttempt(
  db: Db,
  address: string,
  identifier: string,
  now = Date.now(),
): Promise<AttemptVerdict> {
  const pair = await takeAttempt(db, pairKey(address, identifier), SIGN_IN_LIMITS.pair, now);
  if (!pair.allowed) return pair;
  return takeAttempt(db, `sign-in:account:${normalIdentifier(identifier)}`, SIGN_IN_LIMITS.account, now);
}

/** After a right password or code, this address starts over on this account. */
export async function signInSucceeded(db: Db, address: string, identifier: string): Promise<void> {
  await db.execute(sql`delete from rate_limit where key = ${pairKey(address, identifier)}`);
}
