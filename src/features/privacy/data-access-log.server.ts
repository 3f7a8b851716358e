// Staff opening a person's data is logged (DPDP Rules 2025: access to personal data logged and the logs
// kept a year) from every desk page and download that shows it, through logStaffAccess. A row names the
// account when the person has one (shown on the customer's desk page and in their download) and the
// record opened (order number, ticket, id: shown on that record's desk page), so a guest's openings are
// found too. No personal data is stored: the log outlives an erasure. A nightly job drops rows after
// ACCESS_LOG_KEEP_MONTHS.
import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { customerDataAccess, orders, user } from '../../db/schema';
import { registerJob } from '../../server/jobs/jobs.server';
import { ACCESS_LOG_KEEP_MONTHS, type AccessedRecordKind } from './data-access';

export type AccessedRecord = { kind: AccessedRecordKind; ref: string };
/** Whose data a page showed: the account, or the address to find it by, and the record opened. */
export type DataSubject = { userId?: string | null; email?: string | null; record?: AccessedRecord };
/** The member opening the data (a desk page's `staff`). */
export type AccessingStaff = { user: { id: string }; role: string };

/**
 * Logs one opening per person shown. A subject without an account id gets the account of its email (or,
 * for an order, of the order), when there is one.
 */
export async function logStaffAccess(staff: AccessingStaff, what: string, subjects: DataSubject[]): Promise<void> {
  if (subjects.length === 0) return;
  const db = await getDb();
  const orderNumbers = subjects
    .filter((s) => !s.userId && !s.email && s.record?.kind === 'order')
    .map((s) => s.record!.ref);
  const ordersFound = orderNumbers.length
    ? await db
        .select({ number: orders.orderNumber, userId: orders.customerId, email: orders.email })
        .from(orders)
        .where(inArray(orders.orderNumber, orderNumbers))
    : [];
  const known = subjects.map((s) => {
    const order = s.userId || s.email ? undefined : ordersFound.find((o) => o.number === s.record?.ref);
    return { ...s, userId: s.userId ?? order?.userId ?? null, email: (s.email ?? order?.email ?? '').toLowerCase() };
  });
  const emails = [...new Set(known.filter((s) => !s.userId && s.email).map((s) => s.email))];
  const accounts = emails.length
    ? await db
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(inArray(sql`lower(${user.email})`, emails))
    : [];
  const rows = known
    .map((s) => ({
      staffUserId: staff.user.id,
      staffRole: staff.role,
      customerUserId: s.userId ?? accounts.find((a) => a.email.toLowerCase() === s.email)?.id ?? null,
      recordKind: s.record?.kind ?? null,
      recordRef: s.record?.ref.slice(0, 60) ?? null,
      what: what.slice(0, 120),
    }))
    .filter((row) => row.customerUserId || row.recordKind);
  if (rows.length) await db.insert(customerDataAccess).values(rows);
}

/** The latest rows matching `where`, newest first, with the staff member's name. */
async function accessLog(where: SQL | undefined, limit: number) {
  const db = await getDb();
  return db
    .select({
      when: customerDataAccess.createdAt,
      what: customerDataAccess.what,
      role: customerDataAccess.staffRole,
      recordKind: customerDataAccess.recordKind,
      recordRef: customerDataAccess.recordRef,
      staffName: user.name,
      staffEmail: user.email,
    })
    .from(customerDataAccess)
    .leftJoin(user, eq(user.id, customerDataAccess.staffUserId))
    .where(where)
    .orderBy(desc(customerDataAccess.createdAt), desc(customerDataAccess.id))
    .limit(limit);
}

/** The latest openings of a customer's data (any page). */
export const customerDataAccessLog = (customerUserId: string, limit = 20) =>
  accessLog(eq(customerDataAccess.customerUserId, customerUserId), limit);

/** The latest openings of one record (a guest's order or ticket too). */
export const recordDataAccessLog = (record: AccessedRecord, limit = 20) =>
  accessLog(and(eq(customerDataAccess.recordKind, record.kind), eq(customerDataAccess.recordRef, record.ref)), limit);

export type DataAccessEntry = Awaited<ReturnType<typeof recordDataAccessLog>>[number];

/** Drops the rows older than ACCESS_LOG_KEEP_MONTHS before `now`; how many went. */
export async function purgeDataAccessLog(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ACCESS_LOG_KEEP_MONTHS);
  const gone = await db
    .delete(customerDataAccess)
    .where(lt(customerDataAccess.createdAt, cutoff))
    .returning({ id: customerDataAccess.id });
  return gone.length;
}

export const PURGE_DATA_ACCESS_LOG_JOB = 'privacy.purge-data-access-log';

// Every night at 03:25 India time.
registerJob(
  PURGE_DATA_ACCESS_LOG_JOB,
  async () => {
    const gone = await purgeDataAccessLog();
    if (gone)
      console.info(`Privacy: ${gone} staff access log ${gone === 1 ? 'entry' : 'entries'} past retention dropped.`);
  },
  { singleton: true, cron: '55 21 * * *', retries: 2, timeoutSeconds: 300 },
);
