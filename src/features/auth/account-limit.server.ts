// Attempts counted in a fixed window in the database (the rate_limit table), so every server process
// shares them: per account (email and action) on sign-in, codes and resets — better-auth already
// limits per client address there — and per address on order tracking.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface AccountLimit { max: number; windowSeconds: number }

export const ACCOUNT_LIMITS = {
  '/sign-in/email': { max: 10, windowSeconds: 900 },
  '/sign-in/email-otp': { max: 10, windowSeconds: 900 },
  '/email-otp/send-verification-otp': { max: 5, windowSeconds: 900 },
  '/request-password-reset': { max: 3, windowSeconds: 3600 },
} satisfies Record<string, AccountLimit>;

/** Counts one attempt; false once the account has used up its window. */
export function accountAttempt(db: Db, action: string, email: string, limit: AccountLimit, now = Date.now()): Promise<boolean> {
  return countAttempt(db, `account:${action}:${email.trim().toLowerCase()}`, limit, now);
}

/** Counts one attempt under `key`; false once the window's allowance is used up. */
export async function countAttempt(db: Db, key: string, limit: AccountLimit, now = Date.now()): Promise<boolean> {
  const windowStart = now - limit.windowSeconds * 1000;
  // One atomic upsert: a new window starts at 1, otherwise the count goes up.
  const rows = await db.execute(sql`
    insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request < ${windowStart} then 1 else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request < ${windowStart} then ${now} else rate_limit.last_request end
    returning count`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { count: number }[];
  return Number(list[0]?.count ?? 0) <= limit.max;
}
