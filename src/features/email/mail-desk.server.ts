// /admin/mail: mail that has not gone out. Failed mail (the outbox gave up after its retry window)
// and mail still retrying after a while are shown to staff, who can send one again at once; so are SMS
// and WhatsApp messages (src/server/messages) that failed or still wait.
import { and, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { parseRowId } from '../../lib/row-id';
import { retryMessageNow } from '../../server/messages/outbox.server';
import { kickOutbox } from '../../server/mail/outbox.server';
import { byIntent, refuse, type FormOutcome, type PostedForm } from '../../server/http/form.server';

/** A mail still pending this long after it was queued is worth a look. */
export const LONG_RETRY_MS = 30 * 60_000;
/** "Retry now" on a failed mail gives it this long again before it is failed once more. */
export const RETRY_AGAIN_WINDOW_MS = 24 * 3_600_000;

export async function undeliveredMail(now = new Date()) {
  const db = await getDb();
  return db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      createdAt: emailOutbox.createdAt,
      retryUntil: emailOutbox.retryUntil,
    })
    .from(emailOutbox)
    .where(
      and(
        ne(emailOutbox.status, 'sent'),
        or(eq(emailOutbox.status, 'failed'), lte(emailOutbox.createdAt, new Date(now.getTime() - LONG_RETRY_MS))),
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(200);
}

/** Due at once; a failed mail gets another retry window. False when the mail was sent meanwhile or does not exist. */
export async function retryMailNow(rawId: unknown, now = new Date()): Promise<boolean> {
  const id = parseRowId(rawId);
  if (!id) return false;
  const db = await getDb();
  const rows = await db
    .update(emailOutbox)
    .set({
      status: 'pending',
      nextAttemptAt: now,
      retryUntil: sql`greatest(${emailOutbox.retryUntil}, ${new Date(now.getTime() + RETRY_AGAIN_WINDOW_MS).toISOString()}::timestamptz)`,
    })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ['pending', 'failed'])))
    .returning({ id: emailOutbox.id });
  if (rows.length) kickOutbox();
  return rows.length === 1;
}

/** The mail desk's form: "Retry now" on one mail, "Send again" on one failed SMS or WhatsApp message. */
export async function mailDeskRequest(form: PostedForm): Promise<FormOutcome> {
  return byIntent(form, {
    retry: async () =>
      (await retryMailNow(form.raw('id')))
        ? { ok: true, notice: 'The mail will be sent again within a few seconds.' }
        : refuse('not_found', 'That mail is not waiting to be sent (it may have gone out already).'),
    'retry-message': async () => {
      const id = parseRowId(form.raw('id'));
      return id && (await retryMessageNow(id))
        ? { ok: true, notice: 'The message will be sent again within a few seconds.' }
        : refuse('not_found', 'That message has not failed (it may have gone out already).');
    },
  });
}
