// /admin/subscribers: the newsletter list, searched and paged; a CSV export; staff remove an address
// (a reader who wrote in to leave).
import { asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { parseRowId } from '../../lib/row-id';
import { refuse, type FormRefusal } from '../../server/http/form.server';
import { recordConsent } from '../privacy/consent-records.server';

export const SUBSCRIBERS_PAGE_SIZE = 50;

/** `%` and `_` typed into the search are matched literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listSubscribers({ q = '', page = 1 }: { q?: string; page?: number }) {
  const db = await getDb();
  const search = q.trim().slice(0, 254);
  const where = search ? ilike(subscriptions.email, containing(search)) : undefined;
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
    .from(subscriptions)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Number.isSafeInteger(page) ? page : 1), pages);
  const rows = await db
    .select()
    .from(subscriptions)
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(SUBSCRIBERS_PAGE_SIZE)
    .offset((current - 1) * SUBSCRIBERS_PAGE_SIZE);
  return { rows, total, page: current, pages, q: search };
}

/** Every subscriber, oldest first, as CSV. */
export async function subscribersCsv(): Promise<string> {
  const db = await getDb();
  const rows = await db.select().from(subscriptions).orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
  return toCsv(
    ['email', 'source', 'subscribed_at'],
    rows.map((r) => [r.email, r.source, r.createdAt]),
  );
}

export async function unsubscribeById(rawId: string | undefined): Promise<{ ok: true; notice: string } | FormRefusal> {
  const id = parseRowId(rawId);
  if (!id) return refuse('not_found', 'There is no such subscriber.');
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(subscriptions)
      .where(eq(subscriptions.id, id))
      .returning({ email: subscriptions.email });
    if (removed)
      await recordConsent(tx, {
        email: removed.email,
        purpose: 'marketing_email',
        granted: false,
        source: 'staff, on request',
      });
    return removed;
  });
  return row
    ? { ok: true, notice: `${row.email} is unsubscribed.` }
    : refuse('not_found', 'There is no such subscriber (already unsubscribed?).');
}
