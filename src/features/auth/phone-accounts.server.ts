// An account made by phone sign-in adds its first email through better-auth's change-email link. better-auth
// keeps the account's old "verified" state when the link is opened (false for the placeholder), yet opening
// a link sent to the new address is the proof a verification asks for: the address is marked verified here.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user as users } from '../../db/schema';
import { isPhoneOnlyEmail } from './phone-accounts';

/**
 * After /verify-email with the (signature-checked) payload of its link: when it moved an account from its
 * placeholder to a real email, that email is verified. The id of that account, or null.
 */
export async function confirmFirstEmail(db: Db, payload: Record<string, unknown>): Promise<string | null> {
  const { requestType, email, updateTo, userId } = payload;
  if (requestType !== 'change-email-verification') return null;
  if (typeof email !== 'string' || !isPhoneOnlyEmail(email)) return null;
  if (typeof updateTo !== 'string' || typeof userId !== 'string') return null;
  // Only once better-auth has made the change (the account holds the new address now).
  const rows = await db
    .update(users)
    .set({ emailVerified: true })
    .where(and(eq(users.id, userId), eq(users.email, updateTo)))
    .returning({ id: users.id });
  return rows[0]?.id ?? null;
}
