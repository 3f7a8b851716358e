// Two-step verification beyond what better-auth does by itself: a TOTP code is accepted once only
// (the last used time-step per account lives in the database), and an unconfirmed set-up can be shown
// again (QR code, key, backup codes) until the shopper confirms it with a right code.
import { symmetricDecrypt, type SecretConfig } from 'better-auth/crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { twoFactor } from '../../db/schema';
import { base32, stepOfCode, totpUri } from './totp';

type Key = string | SecretConfig;

async function secretOf(db: Db, key: Key, userId: string): Promise<{ secret: string; backupCodes: string } | null> {
  const [row] = await db
    .select({ secret: twoFactor.secret, backupCodes: twoFactor.backupCodes })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row) return null;
  return { secret: await symmetricDecrypt({ key, data: row.secret }), backupCodes: row.backupCodes };
}

/**
 * Records that `code` was used by `userId` now. False when it is a replay: its time-step (or a later
 * one) was accepted before. A code that matches no step is left for better-auth to refuse.
 */
export async function claimTotpCode(
  db: Db,
  key: Key,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const stored = await secretOf(db, key, userId);
  const step = stored && stepOfCode(stored.secret, code, now);
  if (step === null || step === undefined) return true;
  // One statement: two requests with the same code cannot both move the step forward.
  const rows = await db.execute(sql`
    insert into totp_last_step (user_id, step) values (${userId}, ${step})
    on conflict (user_id) do update set step = excluded.step, used_at = now()
      where totp_last_step.step < excluded.step
    returning user_id`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  return list.length > 0;
}

export interface PendingSetup {
  uri: string;
  secret: string;
  backupCodes: string[];
}

/** The set-up started with the password but not yet confirmed with a code, or null. */
export async function pendingTwoFactorSetup(
  db: Db,
  key: Key,
  user: { id: string; email: string; twoFactorEnabled: boolean },
  issuer: string,
): Promise<PendingSetup | null> {
  if (user.twoFactorEnabled) return null;
  const [row] = await db
    .select({ id: twoFactor.id })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, user.id), eq(twoFactor.verified, false)));
  if (!row) return null;
  const stored = await secretOf(db, key, user.id);
  if (!stored) return null;
  const backupCodes = JSON.parse(await symmetricDecrypt({ key, data: stored.backupCodes })) as string[];
  return { uri: totpUri(stored.secret, issuer, user.email), secret: base32(stored.secret), backupCodes };
}
