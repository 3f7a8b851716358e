// Each giving or withdrawing of a consent, as a row with its time, wording and where it happened, in the
// caller's transaction (DPDP Act 2023 s. 6: consent recorded per purpose, withdrawable as easily). The
// newsletter list (subscriptions) stays the state of marketing mail; this is its history, and the state
// of the purposes that have no list of their own (SMS and WhatsApp marketing).
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { consentRecords } from '../../db/schema';
import { CONSENT_PURPOSE_TEXT, type ConsentPurpose } from './consent';

export interface ConsentChange {
  email: string;
  userId?: string | null;
  purpose: ConsentPurpose;
  granted: boolean;
  /** Where: 'newsletter form', 'account', 'unsubscribe link', 'staff on request' … */
  source: string;
  /** The words the person agreed to (the purpose's standard wording unless the form said otherwise). */
  wording?: string;
}

export async function recordConsent(executor: Pick<Db, 'insert'> | Tx, change: ConsentChange): Promise<void> {
  await executor.insert(consentRecords).values({
    email: change.email.trim().toLowerCase(),
    userId: change.userId ?? null,
    purpose: change.purpose,
    granted: change.granted,
    wording: change.granted
      ? (change.wording ?? CONSENT_PURPOSE_TEXT[change.purpose].wording)
      : `Withdrawn: ${CONSENT_PURPOSE_TEXT[change.purpose].wording}`,
    source: change.source.slice(0, 60),
  });
}

/** Whether the latest record for the address and purpose gives consent (no record: not given). */
export async function latestConsent(db: Db | Tx, email: string, purpose: ConsentPurpose): Promise<boolean> {
  const [row] = await db
    .select({ granted: consentRecords.granted })
    .from(consentRecords)
    .where(and(eq(consentRecords.email, email.trim().toLowerCase()), eq(consentRecords.purpose, purpose)))
    .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id))
    .limit(1);
  return row?.granted ?? false;
}
