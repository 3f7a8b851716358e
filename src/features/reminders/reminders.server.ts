// Refill and abandoned-cart reminders (decision 0109-refill-and-cart-reminders). A periodic job on the job
// engine asks what is due at its moment (`now` is passed in, so tests move the clock) and sends each
// reminder in a transaction of its own: the reminder's row first, under a unique key naming what it is
// about and its step, then its mail (the outbox) and WhatsApp copy (src/server/messages) in the same
// transaction. A key already taken — by an earlier run or another process at the same moment — sends
// nothing, so a reminder can never go twice. Consent is checked inside that transaction too.
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import type { Db, Tx } from '../../db/database';
import { cartLines, carts, products, reminderSends } from '../../db/schema';
import { validateContact } from '../../lib/checkout';
import { normaliseIndianMobile } from '../../lib/india';
import { registerJob } from '../../server/jobs/jobs.server';
import { enqueueMessage } from '../../server/messages/outbox.server';
import { intakeLimit, type Requester } from '../abuse/intake-limits.server';
import { enqueueEmail, kickOutbox } from '../../server/mail/outbox.server';
import { renderMail } from '../../server/mail/templates.server';
import { latestConsent, recordConsent } from '../privacy/consent-records.server';
import {
  cartReturnUrl,
  reorderUrl,
  stopMessagesUrl,
  stopRemindersUrl,
  STOP_PURPOSES,
  type StopKind,
} from './reminder-links.server';
import {
  CART_GIVE_UP_MS,
  CART_IDLE_MS,
  DAYS_PER_MONTH,
  dueCartStep,
  RECOVERY_DAYS,
  REFILL_LATE_DAYS,
  REFILL_LEAD_DAYS,
  refillDates,
} from './reminders';

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
const iso = (date: Date) => date.toISOString();
/** At most this many reminders per run; the next run (minutes later) takes the rest. */
const BATCH = 200;

export const indianDate = (date: Date) =>
  date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

export interface RefillPlan {
  orderId: number;
  orderNumber: string;
  email: string;
  phone: string;
  name: string;
  months: number;
  products: string;
  deliveredAt: Date;
  runsOutAt: Date;
  remindAt: Date;
  sentAt: Date | null;
  /** The customer has ordered one of these products again since the delivery. */
  reordered: boolean;
}

/**
 * Delivered plans whose reminder falls due by `remindBy` and whose pack has not run out more than
 * REFILL_LATE_DAYS before `now`: one row per order and plan length (lines of one plan run out together).
 */
export async function refillPlans(executor: Db | Tx, now: Date, remindBy: Date, limit = BATCH): Promise<RefillPlan[]> {
  const result = await executor.execute(sql`
    with delivered as (
      select o.id, o.order_number, o.email, o.phone, o.address->>'name' as name,
        (select min(h.created_at) from order_status_history h where h.order_id = o.id and h.move = 'deliver') as delivered_at
      from orders o
      where o.status = 'delivered' and o.erased_at is null and o.email <> ''
    ),
    plans as (
      select d.id, d.order_number, d.email, d.phone, d.name, d.delivered_at, l.months,
        string_agg(l.name || case when l.quantity > 1 then ' × ' || l.quantity else '' end, ', ' order by l.id) as products,
        d.delivered_at + make_interval(days => l.months * ${DAYS_PER_MONTH} - ${REFILL_LEAD_DAYS}) as remind_at
      from delivered d join order_lines l on l.order_id = d.id
      where d.delivered_at is not null
      group by d.id, d.order_number, d.email, d.phone, d.name, d.delivered_at, l.months
    )
    select p.*, r.sent_at,
      exists (
        select 1 from orders o2 join order_lines l2 on l2.order_id = o2.id
        where lower(o2.email) = lower(p.email) and o2.id <> p.id and o2.created_at > p.delivered_at
          and o2.status <> 'cancelled'
          and l2.product_id in (select l3.product_id from order_lines l3 where l3.order_id = p.id and l3.months = p.months)
      ) as reordered
    from plans p
    left join reminder_sends r on r.idempotency_key = 'refill:' || p.id || ':' || p.months
    where p.remind_at <= ${iso(remindBy)}::timestamptz
      and p.delivered_at + make_interval(days => p.months * ${DAYS_PER_MONTH} + ${REFILL_LATE_DAYS}) > ${iso(now)}::timestamptz
    order by p.remind_at, p.id
    limit ${limit}`);
  type Row = {
    id: number;
    order_number: string;
    email: string;
    phone: string;
    name: string | null;
    delivered_at: string | Date;
    months: number;
    products: string;
    sent_at: string | Date | null;
    reordered: boolean;
  };
  return rowsOf<Row>(result).map((r) => {
    const deliveredAt = new Date(r.delivered_at);
    const months = Number(r.months);
    const { runsOutAt, remindAt } = refillDates(deliveredAt, months);
    return {
      orderId: Number(r.id),
      orderNumber: r.order_number,
      email: r.email,
      phone: r.phone,
      name: r.name ?? '',
      months,
      products: r.products,
      deliveredAt,
      runsOutAt,
      remindAt,
      sentAt: r.sent_at ? new Date(r.sent_at) : null,
      reordered: Boolean(r.reordered),
    };
  });
}

const refillKey = (plan: Pick<RefillPlan, 'orderId' | 'months'>) => `refill:${plan.orderId}:${plan.months}`;

function refillMail(plan: RefillPlan, now: Date) {
  const what = plan.months > 1 ? `${plan.months}-month plan` : 'one-month pack';
  return renderMail({
    subject: `Time to refill: your ${plan.products} runs out around ${indianDate(plan.runsOutAt)}`,
    greeting: `Namaste ${plan.name || 'there'},`,
    paragraphs: [
      `The ${what} of ${plan.products} we delivered on ${indianDate(plan.deliveredAt)} (order ${plan.orderNumber}) runs out around ${indianDate(plan.runsOutAt)}.`,
      'Ayurvedic regimens work best without a gap. Reorder the same plan in one tap: it fills your cart with the same products and plan, and you check out as usual.',
      'You get this reminder because you asked for refill and cart reminders. To stop them, use the unsubscribe link below, or turn them off on your account’s privacy page.',
    ],
    action: { label: 'Reorder the same plan', url: reorderUrl(plan.orderId, plan.months, now) },
    unsubscribeUrl: stopRemindersUrl(plan.email, now),
  });
}

const stopHeaders = (email: string, now: Date) => ({
  'List-Unsubscribe': `<${stopRemindersUrl(email, now)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * Sends one refill reminder (its row, mail and, with WhatsApp marketing consent, its WhatsApp copy) in one
 * transaction; false when the customer has not asked for reminders or it was sent before.
 */
async function sendRefill(db: Db, plan: RefillPlan, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await latestConsent(tx, plan.email, 'shopping_reminders'))) return false;
    const [row] = await tx
      .insert(reminderSends)
      .values({
        idempotencyKey: refillKey(plan),
        kind: 'refill',
        email: plan.email.toLowerCase(),
        orderId: plan.orderId,
        months: plan.months,
        sentAt: now,
      })
      .onConflictDoNothing({ target: reminderSends.idempotencyKey })
      .returning({ id: reminderSends.id });
    if (!row) return false;
    await enqueueEmail(tx, {
      kind: 'refill_reminder',
      to: plan.email,
      ...refillMail(plan, now),
      headers: stopHeaders(plan.email, now),
    });
    const mobile = normaliseIndianMobile(plan.phone);
    if (mobile && (await latestConsent(tx, plan.email, 'marketing_messages')))
      await enqueueMessage(tx, {
        template: 'refill_reminder',
        to: `91${mobile}`,
        params: {
          name: plan.name || 'there',
          products: plan.products,
          date: indianDate(plan.runsOutAt),
          link: reorderUrl(plan.orderId, plan.months, now),
          stop: stopMessagesUrl(plan.email, now),
        },
        idempotencyKey: `${refillKey(plan)}:whatsapp`,
        orderId: plan.orderId,
      });
    return true;
  });
}

export interface IdleCart {
  cartId: string;
  round: number;
  email: string;
  name: string;
  updatedAt: Date;
  firstSentAt: Date | null;
  secondSent: boolean;
}

/** Carts with lines and a known contact, left between CART_IDLE_MS and CART_GIVE_UP_MS before `now`, with no order since. */
async function idleCarts(db: Db, now: Date): Promise<IdleCart[]> {
  const result = await db.execute(sql`
    select c.id, c.round, c.updated_at, coalesce(u.email, c.contact_email) as email, u.name,
      (select min(r.sent_at) from reminder_sends r
        where r.kind = 'cart' and r.cart_id = c.id and r.cart_round = c.round and r.step = 1) as first_sent_at,
      exists (select 1 from reminder_sends r
        where r.kind = 'cart' and r.cart_id = c.id and r.cart_round = c.round and r.step = 2) as second_sent
    from carts c left join "user" u on u.id = c.user_id
    where coalesce(u.email, c.contact_email) is not null
      and c.updated_at <= ${iso(new Date(now.getTime() - CART_IDLE_MS))}::timestamptz
      and c.updated_at > ${iso(new Date(now.getTime() - CART_GIVE_UP_MS))}::timestamptz
      and exists (select 1 from cart_lines l where l.cart_id = c.id)
      and not exists (select 1 from orders o
        where lower(o.email) = lower(coalesce(u.email, c.contact_email)) and o.created_at >= c.updated_at)
    order by c.updated_at
    limit ${BATCH}`);
  type Row = {
    id: string;
    round: number;
    updated_at: string | Date;
    email: string;
    name: string | null;
    first_sent_at: string | Date | null;
    second_sent: boolean;
  };
  return rowsOf<Row>(result).map((r) => ({
    cartId: r.id,
    round: Number(r.round),
    email: r.email,
    name: r.name ?? '',
    updatedAt: new Date(r.updated_at),
    firstSentAt: r.first_sent_at ? new Date(r.first_sent_at) : null,
    secondSent: Boolean(r.second_sent),
  }));
}

async function cartMail(tx: Tx, cart: IdleCart, step: 1 | 2, now: Date) {
  const lines = await tx
    .select({ name: products.name, months: cartLines.months, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.cartId, cart.cartId))
    .orderBy(cartLines.addedAt);
  return renderMail({
    subject: step === 1 ? 'You left something in your cart' : 'Your cart is still saved for you',
    greeting: `Namaste ${cart.name || 'there'},`,
    paragraphs: [
      step === 1
        ? 'You left these in your cart at Vedara Ayurveda. They are saved for you: pick up where you left off.'
        : 'Your cart is still saved. This is the last reminder we send about it.',
      'You get this reminder because you asked for refill and cart reminders. To stop them, use the unsubscribe link below, or turn them off on your account’s privacy page.',
    ],
    details: lines.map((l) => [
      l.name,
      `${l.months > 1 ? `${l.months}-month plan` : 'one month'}${l.quantity > 1 ? `, × ${l.quantity}` : ''}`,
    ]),
    action: { label: 'Return to my cart', url: cartReturnUrl(cart.cartId, now) },
    unsubscribeUrl: stopRemindersUrl(cart.email, now),
  });
}

/** Sends one cart reminder in one transaction, the cart locked; false without consent or when sent before. */
async function sendCartReminder(db: Db, cart: IdleCart, step: 1 | 2, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The cart as it is now: still the same round, still holding something (an order empties it).
    const [locked] = await tx.select({ round: carts.round }).from(carts).where(eq(carts.id, cart.cartId)).for('update');
    if (!locked || locked.round !== cart.round) return false;
    const [line] = await tx
      .select({ id: cartLines.productId })
      .from(cartLines)
      .where(eq(cartLines.cartId, cart.cartId))
      .limit(1);
    if (!line || !(await latestConsent(tx, cart.email, 'shopping_reminders'))) return false;
    const [row] = await tx
      .insert(reminderSends)
      .values({
        idempotencyKey: `cart:${cart.cartId}:${cart.round}:${step}`,
        kind: 'cart',
        step,
        email: cart.email.toLowerCase(),
        cartId: cart.cartId,
        cartRound: cart.round,
        sentAt: now,
      })
      .onConflictDoNothing({ target: reminderSends.idempotencyKey })
      .returning({ id: reminderSends.id });
    if (!row) return false;
    await enqueueEmail(tx, {
      kind: 'cart_reminder',
      to: cart.email,
      ...(await cartMail(tx, cart, step, now)),
      headers: stopHeaders(cart.email, now),
    });
    return true;
  });
}

export interface ReminderRun {
  refills: number;
  carts: number;
}

/** Sends every reminder due at `now` (the job's handler; tests pass their own clock). */
export async function sendDueReminders(now = new Date()): Promise<ReminderRun> {
  const db = await getDb();
  const run: ReminderRun = { refills: 0, carts: 0 };
  for (const plan of await refillPlans(db, now, now)) {
    if (plan.sentAt || plan.reordered) continue;
    if (await sendRefill(db, plan, now)) run.refills++;
  }
  for (const cart of await idleCarts(db, now)) {
    const step = dueCartStep(cart, now);
    if (step && (await sendCartReminder(db, cart, step, now))) run.carts++;
  }
  if (run.refills || run.carts) kickOutbox();
  return run;
}

export const SEND_DUE_REMINDERS = 'reminders.send-due';

registerJob(SEND_DUE_REMINDERS, async () => void (await sendDueReminders(new Date())), {
  singleton: true,
  cron: '*/10 * * * *',
  retries: 2,
});

/**
 * An order placed from a cart: the cart's reminders of this round sent within RECOVERY_DAYS count it as
 * recovered. In the placement's transaction, before the cart is emptied (which starts its next round).
 */
export async function noteCartOrdered(tx: Tx, cartId: string, orderId: number, now = new Date()) {
  await tx
    .update(reminderSends)
    .set({ recoveredOrderId: orderId })
    .where(
      and(
        eq(reminderSends.kind, 'cart'),
        eq(reminderSends.cartId, cartId),
        eq(reminderSends.cartRound, sql`(select round from carts where id = ${cartId})`),
        isNull(reminderSends.recoveredOrderId),
        gte(reminderSends.sentAt, new Date(now.getTime() - RECOVERY_DAYS * 86_400_000)),
      ),
    );
}

/** The address as a cart's contact (trimmed, lower case), or null when it is not a valid address. */
export function contactAddress(email: string): string | null {
  const address = email.trim().toLowerCase();
  const contact = validateContact({ email: address, phone: '', address: {} });
  return contact.ok || !('email' in contact.errors) ? address : null;
}

/**
 * The checkout's reminders box, ticked with an address typed: the consent is recorded (once while it
 * stands) and the cart remembers where to send its reminder. An address new to the cart counts against the
 * abuse limits (each such cart may mail it twice); false when a limit is used up, and nothing is kept.
 */
export async function rememberCartContact(cartId: string, email: string, requester: Requester = {}): Promise<boolean> {
  const db = await getDb();
  const address = email.trim().toLowerCase();
  const [cart] = await db.select({ contactEmail: carts.contactEmail }).from(carts).where(eq(carts.id, cartId));
  if (!cart) return false;
  if (cart.contactEmail !== address && (await intakeLimit('cart_contact', address, requester))) return false;
  await db.transaction(async (tx) => {
    if (!(await latestConsent(tx, address, 'shopping_reminders')))
      await recordConsent(tx, { email: address, purpose: 'shopping_reminders', granted: true, source: 'checkout' });
    await tx.update(carts).set({ contactEmail: address }).where(eq(carts.id, cartId));
  });
  return true;
}

/** The same box unticked again in the same checkout: the cart forgets the address and the consent is withdrawn. */
export async function forgetCartContact(cartId: string, email: string): Promise<void> {
  const db = await getDb();
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const [forgotten] = await tx
      .update(carts)
      .set({ contactEmail: null })
      .where(and(eq(carts.id, cartId), eq(carts.contactEmail, address)))
      .returning({ id: carts.id });
    if (forgotten && (await latestConsent(tx, address, 'shopping_reminders')))
      await recordConsent(tx, { email: address, purpose: 'shopping_reminders', granted: false, source: 'checkout' });
  });
}

/**
 * A stop link: no more reminders to this address, or no more SMS and WhatsApp marketing to its numbers (a
 * withdrawal of the purpose, recorded once).
 */
export async function stopByLink(email: string, kind: StopKind): Promise<void> {
  const purpose = STOP_PURPOSES[kind];
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (await latestConsent(tx, email, purpose))
      await recordConsent(tx, { email, purpose, granted: false, source: `${kind} stop link` });
  });
}
