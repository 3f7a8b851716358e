// What the desk sees of the reminders (/admin/reports, customers.view): the refill reminders falling due
// in the next two weeks with what will happen to each, and for the report's period the reminders sent and
// the orders they brought back ("recovered": placed from a cart that got a reminder within RECOVERY_DAYS).
import { sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { latestConsent } from '../privacy/consent-records.server';
import { addDays, REFILL_DESK_DAYS } from './reminders';
import { refillPlans, type RefillPlan } from './reminders.server';

export type RefillState = 'sent' | 'reordered' | 'no consent' | 'due now' | 'upcoming';

export interface RefillDeskRow extends RefillPlan {
  state: RefillState;
}

/** Refill reminders due by REFILL_DESK_DAYS from `now` (and those sent or due for packs not yet long run out). */
export async function refillsDue(now = new Date()): Promise<RefillDeskRow[]> {
  const db = await getDb();
  const plans = await refillPlans(db, now, addDays(now, REFILL_DESK_DAYS), 100);
  const consent = new Map<string, boolean>();
  const rows: RefillDeskRow[] = [];
  for (const plan of plans) {
    const email = plan.email.toLowerCase();
    if (!consent.has(email)) consent.set(email, await latestConsent(db, email, 'shopping_reminders'));
    const state: RefillState = plan.sentAt
      ? 'sent'
      : plan.reordered
        ? 'reordered'
        : !consent.get(email)
          ? 'no consent'
          : plan.remindAt <= now
            ? 'due now'
            : 'upcoming';
    rows.push({ ...plan, state });
  }
  return rows;
}

export interface ReminderFigures {
  refillSent: number;
  cartSent: number;
  recoveredOrders: number;
  recoveredValue: number;
}

/** Reminders sent, and recovered orders placed, between the Indian days `firstDay` and `lastDay` (YYYY-MM-DD). */
export async function reminderFigures(firstDay: string, lastDay: string): Promise<ReminderFigures> {
  const db = await getDb();
  const from = sql`(${firstDay}::date::timestamp - interval '5 hours 30 minutes') at time zone 'UTC'`;
  const to = sql`((${lastDay}::date + 1)::timestamp - interval '5 hours 30 minutes') at time zone 'UTC'`;
  const result = await db.execute(sql`
    select
      (select count(*) from reminder_sends where kind = 'refill' and sent_at >= ${from} and sent_at < ${to})::int as refill_sent,
      (select count(*) from reminder_sends where kind = 'cart' and sent_at >= ${from} and sent_at < ${to})::int as cart_sent,
      count(o.id)::int as recovered_orders,
      coalesce(sum(o.total), 0)::int as recovered_value
    from orders o
    where o.created_at >= ${from} and o.created_at < ${to} and o.status <> 'cancelled'
      and o.id in (select recovered_order_id from reminder_sends where recovered_order_id is not null)`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    refill_sent: number;
    cart_sent: number;
    recovered_orders: number;
    recovered_value: number;
  }[];
  return {
    refillSent: Number(row.refill_sent),
    cartSent: Number(row.cart_sent),
    recoveredOrders: Number(row.recovered_orders),
    recoveredValue: Number(row.recovered_value),
  };
}
