// The customers desk (/admin/customers): accounts with their orders, points and referrals. Every query
// names its columns: nothing from the credential, session, verification or two-factor tables (password
// hashes, tokens, secrets) is ever read here, so no page built on this module can show them.
import { sql } from 'drizzle-orm';
import { getDb } from '../../../db/client';
import { keptPaiseOf } from '../../orders/refunds.server';

export const CUSTOMERS_PAGE_SIZE = 25;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
/** PostgreSQL text cannot hold NUL: a pasted one must not turn a search into a server error. */
const withoutNul = (value: string) => value.replace(/\0/g, '');
const likePattern = (query: string) => `%${query.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;

export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  joinedAt: Date;
  orderCount: number;
  totalSpent: number;
  pointsBalance: number;
}

type RawCustomer = {
  id: string;
  name: string;
  email: string;
  created_at: Date | string;
  order_count: number;
  total_spent: number;
  balance: number;
};
const toCustomer = (r: RawCustomer): CustomerRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  joinedAt: new Date(r.created_at),
  orderCount: Number(r.order_count),
  totalSpent: Number(r.total_spent),
  pointsBalance: Number(r.balance),
});

const customerColumns = sql`u.id, u.name, u.email, u.created_at,
  coalesce(ra.balance, 0)::int as balance,
  (select count(*) from orders o where o.customer_id = u.id)::int as order_count,
  -- What the customer spent: their orders less refunds (a cancelled order, nothing), to the rupee.
  (select round(coalesce(sum(${keptPaiseOf(sql`o`)}), 0) / 100.0) from orders o where o.customer_id = u.id)::int as total_spent`;

/** Accounts, newest first, searched by name or email (case-insensitive, part of either). */
export async function listCustomers({ q = '', page = 1 }: { q?: string; page?: number }) {
  const db = await getDb();
  const query = withoutNul(q).trim().slice(0, 100);
  const where = query
    ? sql`where lower(u.name) like ${likePattern(query)} or lower(u.email) like ${likePattern(query)}`
    : sql``;
  const current = Number.isFinite(page) ? Math.min(100_000, Math.max(1, Math.floor(page))) : 1;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select ${customerColumns} from "user" u left join reward_accounts ra on ra.user_id = u.id ${where}
      order by u.created_at desc, u.id limit ${CUSTOMERS_PAGE_SIZE} offset ${(current - 1) * CUSTOMERS_PAGE_SIZE}`),
    db.execute(sql`select count(*)::int as total from "user" u ${where}`),
  ]);
  const total = Number(rowsOf<{ total: number }>(counted)[0].total);
  return {
    rows: rowsOf<RawCustomer>(rows).map(toCustomer),
    total,
    page: current,
    pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)),
  };
}

export interface PersonLink {
  id: string;
  name: string;
  email: string;
}

export interface CustomerDetail {
  customer: CustomerRow & { emailVerified: boolean };
  orders: { orderNumber: string; createdAt: Date; status: string; total: number }[];
  ledger: {
    id: number;
    delta: number;
    reason: string;
    note: string | null;
    orderNumber: string | null;
    createdAt: Date;
    grantedBy: PersonLink | null;
  }[];
  referralCode: string | null;
  referredBy: (PersonLink & { rewarded: boolean }) | null;
  referred: (PersonLink & { joinedAt: Date; rewarded: boolean })[];
}

/** One account for the desk, or null (unknown id). The ledger shows the latest 100 movements. */
export async function customerDetail(id: string): Promise<CustomerDetail | null> {
  if (!/^[\w-]{1,100}$/.test(id)) return null; // account ids are short tokens of letters, digits, - and _
  const db = await getDb();
  const [found] = rowsOf<RawCustomer & { email_verified: boolean }>(
    await db.execute(sql`select ${customerColumns}, u.email_verified
    from "user" u left join reward_accounts ra on ra.user_id = u.id where u.id = ${id}`),
  );
  if (!found) return null;
  const [ordersResult, ledgerResult, codeResult, referredByResult, referredResult] = await Promise.all([
    db.execute(
      sql`select order_number, created_at, status, total from orders where customer_id = ${id} order by created_at desc, id desc`,
    ),
    db.execute(sql`select l.id, l.delta, l.reason, l.note, l.created_at, o.order_number, g.id as granter_id, g.name as granter_name, g.email as granter_email
      from points_ledger l left join orders o on o.id = l.order_id left join "user" g on g.id = l.created_by
      where l.user_id = ${id} order by l.created_at desc, l.id desc limit 100`),
    db.execute(sql`select referral_code from reward_accounts where user_id = ${id}`),
    db.execute(
      sql`select u.id, u.name, u.email, r.rewarded_at from referrals r join "user" u on u.id = r.referrer_user_id where r.referred_user_id = ${id}`,
    ),
    db.execute(sql`select u.id, u.name, u.email, r.created_at, r.rewarded_at from referrals r join "user" u on u.id = r.referred_user_id
      where r.referrer_user_id = ${id} order by r.created_at desc`),
  ]);
  const [referrer] = rowsOf<{ id: string; name: string; email: string; rewarded_at: Date | null }>(referredByResult);
  return {
    customer: { ...toCustomer(found), emailVerified: Boolean(found.email_verified) },
    orders: rowsOf<{ order_number: string; created_at: Date | string; status: string; total: number }>(
      ordersResult,
    ).map((r) => ({
      orderNumber: r.order_number,
      createdAt: new Date(r.created_at),
      status: r.status,
      total: Number(r.total),
    })),
    ledger: rowsOf<{
      id: number;
      delta: number;
      reason: string;
      note: string | null;
      created_at: Date | string;
      order_number: string | null;
      granter_id: string | null;
      granter_name: string | null;
      granter_email: string | null;
    }>(ledgerResult).map((r) => ({
      id: Number(r.id),
      delta: Number(r.delta),
      reason: r.reason,
      note: r.note,
      orderNumber: r.order_number,
      createdAt: new Date(r.created_at),
      grantedBy: r.granter_id ? { id: r.granter_id, name: r.granter_name ?? '', email: r.granter_email ?? '' } : null,
    })),
    referralCode: rowsOf<{ referral_code: string }>(codeResult)[0]?.referral_code ?? null,
    referredBy: referrer
      ? { id: referrer.id, name: referrer.name, email: referrer.email, rewarded: referrer.rewarded_at !== null }
      : null,
    referred: rowsOf<{ id: string; name: string; email: string; created_at: Date | string; rewarded_at: Date | null }>(
      referredResult,
    ).map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      joinedAt: new Date(r.created_at),
      rewarded: r.rewarded_at !== null,
    })),
  };
}

export const LEDGER_REASON_LABELS: Record<string, string> = {
  signup: 'Sign-up bonus',
  order: 'Order',
  order_reversal: 'Order cancelled or returned',
  redemption: 'Redeemed at checkout',
  redemption_refund: 'Redeemed points returned',
  staff_grant: 'Granted by staff',
};

/** The latest hand grants, for the rewards desk. */
export async function recentGrants(limit = 20) {
  const db = await getDb();
  const rows = rowsOf<{
    id: number;
    delta: number;
    note: string | null;
    created_at: Date | string;
    customer_id: string;
    customer_email: string;
    granter_email: string | null;
  }>(
    await db.execute(sql`select l.id, l.delta, l.note, l.created_at, c.id as customer_id, c.email as customer_email, g.email as granter_email
      from points_ledger l join "user" c on c.id = l.user_id left join "user" g on g.id = l.created_by
      where l.reason = 'staff_grant' order by l.created_at desc, l.id desc limit ${limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    points: Number(r.delta),
    reason: r.note ?? '',
    createdAt: new Date(r.created_at),
    customerId: r.customer_id,
    customerEmail: r.customer_email,
    grantedBy: r.granter_email,
  }));
}
