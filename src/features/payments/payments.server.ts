// Taking an order's money online and settling what the gateway says about it. An order paid online is
// placed awaiting payment with its stock held (the checkout); here it gets its tries at the gateway
// (a payment link for the hosted page, a gateway order for the checkout in place), becomes paid on a
// verified payment — from the shopper's signed return, a webhook or reconciliation, whichever comes
// first, exactly once — or is released when its time runs out. A payment for an order that can no
// longer take it is refunded whole. No gateway call is made inside a transaction.
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { getDb, type Tx } from '../../db/client';
import { gatewayRefunds, orderLines, orders, orderStatusHistory, paymentAttempts, payments } from '../../db/schema';
import { PAYMENT_MESSAGES, PAYMENT_WINDOW_MINUTES, toPaise } from '../../lib/payments';
import { refusal, type Refusal } from '../../lib/errors';
import { jobsStarted, sendJob } from '../../server/jobs/jobs.server';
import { kickOutbox } from '../../server/mail/outbox.server';
import { siteHref } from '../../server/http/site-origin.server';
import { applyMoveIn, type OrderRow } from '../orders/apply-move.server';
import { GatewayError, type GatewayPayment, type PaymentGateway } from './gateway';
import { gatewayNamed, paymentGateway } from './gateway.server';
import { payInsteadOffer } from './payment-settings.server';
import { queueGatewayRefund, SEND_REFUNDS_JOB } from './refund-queue.server';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type Settlement = 'paid' | 'late' | 'duplicate' | 'not_captured' | 'unknown';

/** The gateway needs a link to stay open at least this long; a shorter remaining window gets no expiry. */
const LINK_MIN_EXPIRY_MS = 16 * 60_000;
/** An authorized payment still not captured after this long is the gateway's to give back, not ours. */
export const RECONCILE_CLOSED_FOR_HOURS = 72;

async function orderByNumber(orderNumber: string): Promise<OrderRow | null> {
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return order ?? null;
}

async function attemptsOf(orderId: number): Promise<AttemptRow[]> {
  const db = await getDb();
  return db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(asc(paymentAttempts.id));
}

export type StartPayment =
  | { ok: true; url: string }
  | {
      ok: true;
      checkout: {
        script: string;
        key: string;
        orderId: string;
        amountPaise: number;
        description: string;
        prefill: { name: string; email: string; contact: string };
        testMode: boolean;
      };
    }
  | Refusal<'conflict' | 'unavailable'>;

function payable(order: OrderRow | null, gateway: PaymentGateway | null, now: Date): StartPayment | null {
  if (!gateway) return refusal('unavailable', PAYMENT_MESSAGES.unavailable);
  if (order?.status !== 'awaiting_payment' || order.paymentMethod !== 'online')
    return refusal('conflict', PAYMENT_MESSAGES.notAwaiting);
  if (order.paymentDueAt && order.paymentDueAt <= now) return refusal('conflict', PAYMENT_MESSAGES.expired);
  return null;
}

/**
 * The gateway's hosted page for an order awaiting payment: the link already made for it (same
 * amount, still open), or a new one. Works with no JavaScript at all.
 */
export async function startHostedPayment(orderNumber: string, now = new Date()): Promise<StartPayment> {
  const order = await orderByNumber(orderNumber);
  const gateway = paymentGateway();
  const refused = payable(order, gateway, now);
  if (refused) return refused;
  const attempts = await attemptsOf(order!.id);
  const open = attempts.findLast(
    (a) => a.kind === 'link' && a.gateway === gateway!.name && a.amountPaise === toPaise(order!.total) && a.hostedPage,
  );
  if (open) return { ok: true, url: open.hostedPage! };
  const dueAt = order!.paymentDueAt!;
  try {
    const link = await gateway!.createPaymentLink({
      amountPaise: toPaise(order!.total),
      referenceId: `${order!.orderNumber}-${attempts.length + 1}`,
      description: `Vedara order ${order!.orderNumber}`,
      customer: { name: order!.address.name, email: order!.email, contact: `+91${order!.phone}` },
      callbackUrl: siteHref('/order/pay/return'),
      expireBy: dueAt.getTime() - now.getTime() >= LINK_MIN_EXPIRY_MS ? dueAt : null,
    });
    await saveAttempt(order!, gateway!, 'link', link.id, link.url);
    return { ok: true, url: link.url };
  } catch (error) {
    console.error(`Starting the payment of ${orderNumber} failed:`, error);
    return refusal('unavailable', PAYMENT_MESSAGES.unavailable);
  }
}

/** A gateway order for the checkout opened in place (the island loads the gateway's script with these). */
export async function startCheckoutPayment(orderNumber: string, now = new Date()): Promise<StartPayment> {
  const order = await orderByNumber(orderNumber);
  const gateway = paymentGateway();
  const refused = payable(order, gateway, now);
  if (refused) return refused;
  try {
    const created = await gateway!.createOrder({
      amountPaise: toPaise(order!.total),
      receipt: order!.orderNumber,
      notes: { order_number: order!.orderNumber },
    });
    await saveAttempt(order!, gateway!, 'order', created.id, null);
    return {
      ok: true,
      checkout: {
        script: gateway!.checkoutScript,
        key: gateway!.keyId,
        orderId: created.id,
        amountPaise: toPaise(order!.total),
        description: `Order ${order!.orderNumber}`,
        prefill: { name: order!.address.name, email: order!.email, contact: `+91${order!.phone}` },
        testMode: gateway!.testMode,
      },
    };
  } catch (error) {
    console.error(`Starting the payment of ${orderNumber} failed:`, error);
    return refusal('unavailable', PAYMENT_MESSAGES.unavailable);
  }
}

async function saveAttempt(
  order: OrderRow,
  gateway: PaymentGateway,
  kind: 'order' | 'link',
  ref: string,
  hostedPage: string | null,
) {
  const db = await getDb();
  await db.insert(paymentAttempts).values({
    orderId: order.id,
    gateway: gateway.name,
    kind,
    gatewayRef: ref,
    amountPaise: toPaise(order.total),
    hostedPage,
  });
}

export async function findAttempt(gateway: string, kind: 'order' | 'link', ref: string): Promise<AttemptRow | null> {
  const db = await getDb();
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.gateway, gateway as AttemptRow['gateway']),
        eq(paymentAttempts.kind, kind),
        eq(paymentAttempts.gatewayRef, ref),
      ),
    );
  return attempt ?? null;
}

/**
 * Settles one payment the gateway reports for an attempt, in one transaction with the order locked:
 * the first captured payment of the full amount pays an order awaiting payment; one that finds the
 * order paid, released or cancelled is kept as a record and refunded whole; the same payment again
 * changes nothing.
 */
export async function settlePayment(
  attempt: AttemptRow,
  payment: GatewayPayment,
  now = new Date(),
): Promise<Settlement> {
  if (payment.status !== 'captured' && payment.status !== 'refunded') return 'not_captured';
  const db = await getDb();
  const outcome = await db.transaction(async (tx): Promise<Settlement> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId)).for('update');
    if (!order) return 'unknown';
    const [known] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.gateway, attempt.gateway), eq(payments.gatewayPaymentId, payment.id)));
    if (known) return 'duplicate';
    const applies = order.status === 'awaiting_payment' && payment.amountPaise === toPaise(order.total);
    const [row] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        attemptId: attempt.id,
        gateway: attempt.gateway,
        gatewayPaymentId: payment.id,
        amountPaise: payment.amountPaise,
        method: payment.method,
        applied: applies,
        capturedAt: now,
      })
      .returning();
    if (!applies) {
      await queueGatewayRefund(tx, {
        payment: row,
        key: `late:${row.id}`,
        reason: 'late_payment',
        amountPaise: row.amountPaise,
      });
      return 'late';
    }
    const moved = await applyMoveIn(tx, order.id, 'pay', { now, lines: await mailLines(tx, order.id) });
    if (!moved.ok) throw new Error(`Paying order ${order.orderNumber} failed: ${moved.message}`);
    return 'paid';
  });
  if (outcome === 'paid') kickOutbox();
  return outcome;
}

const mailLines = (tx: Tx, orderId: number) =>
  tx
    .select({
      name: orderLines.name,
      months: orderLines.months,
      quantity: orderLines.quantity,
      lineTotal: orderLines.lineTotal,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));

/** Asks the gateway for an attempt's payments and settles each captured one. */
export async function reconcileAttempt(attempt: AttemptRow, now = new Date()): Promise<Settlement[]> {
  const gateway = gatewayNamed(attempt.gateway);
  if (!gateway) return [];
  const found =
    attempt.kind === 'order'
      ? await gateway.paymentsOfOrder(attempt.gatewayRef)
      : await gateway.paymentsOfLink(attempt.gatewayRef);
  const outcomes: Settlement[] = [];
  for (const payment of found) outcomes.push(await settlePayment(attempt, payment, now));
  return outcomes;
}

export type ReturnOutcome =
  | { ok: true; orderNumber: string; email: string; settlement: Settlement | 'failed' }
  | Refusal<'invalid'>;

/**
 * The shopper's return from the hosted page: checked against the link we stored (its id, our reference,
 * the key secret's signature), then settled from what the gateway itself says about the link's payments.
 */
export async function settleLinkReturn(params: Record<string, string>, now = new Date()): Promise<ReturnOutcome> {
  const linkId = params.razorpay_payment_link_id ?? '';
  const gateway = paymentGateway();
  const attempt = gateway && linkId ? await findAttempt(gateway.name, 'link', linkId) : null;
  if (!gateway || !attempt) return refusal('invalid', PAYMENT_MESSAGES.notVerified);
  const verified = gateway.verifyLinkReturn({
    linkId: attempt.gatewayRef,
    referenceId: params.razorpay_payment_link_reference_id ?? '',
    status: params.razorpay_payment_link_status ?? '',
    paymentId: params.razorpay_payment_id ?? '',
    signature: params.razorpay_signature ?? '',
  });
  if (!verified) return refusal('invalid', PAYMENT_MESSAGES.notVerified);
  return settleVerified(attempt, params.razorpay_payment_id ?? '', now);
}

/** The checkout in place hands back the gateway order's payment and its signature (the island posts them). */
export async function settleCheckoutReturn(
  input: { gatewayOrderId: string; paymentId: string; signature: string },
  now = new Date(),
): Promise<ReturnOutcome> {
  const gateway = paymentGateway();
  const attempt = gateway ? await findAttempt(gateway.name, 'order', input.gatewayOrderId) : null;
  if (!gateway || !attempt) return refusal('invalid', PAYMENT_MESSAGES.notVerified);
  if (
    !gateway.verifyCheckout({
      gatewayOrderId: attempt.gatewayRef,
      paymentId: input.paymentId,
      signature: input.signature,
    })
  )
    return refusal('invalid', PAYMENT_MESSAGES.notVerified);
  return settleVerified(attempt, input.paymentId, now);
}

async function settleVerified(attempt: AttemptRow, paymentId: string, now: Date): Promise<ReturnOutcome> {
  const db = await getDb();
  const [order] = await db
    .select({ orderNumber: orders.orderNumber, email: orders.email })
    .from(orders)
    .where(eq(orders.id, attempt.orderId));
  let settlement: Settlement | 'failed' = 'not_captured';
  try {
    const outcomes = await reconcileAttempt(attempt, now);
    // The payment the shopper came back with, as the gateway reports it; 'not_captured' until it is.
    settlement = outcomes.find((o) => o !== 'not_captured') ?? 'not_captured';
  } catch (error) {
    // The gateway did not answer: the webhook or the reconciliation job settles it; the page says we are checking.
    console.error(`Checking payment ${paymentId} with the gateway failed:`, error);
    settlement = 'failed';
  }
  return { ok: true, orderNumber: order.orderNumber, email: order.email, settlement };
}

/** Orders still awaiting payment, and those released or cancelled lately (a payment may still arrive). */
async function attemptsToReconcile(now: Date, includeClosed: boolean): Promise<AttemptRow[]> {
  const db = await getDb();
  const since = new Date(now.getTime() - RECONCILE_CLOSED_FOR_HOURS * 3_600_000);
  const rows = await db
    .select({ attempt: paymentAttempts })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(
      and(
        gte(paymentAttempts.createdAt, since),
        includeClosed
          ? or(eq(orders.status, 'awaiting_payment'), eq(orders.status, 'cancelled'))
          : eq(orders.status, 'awaiting_payment'),
      ),
    )
    .orderBy(asc(paymentAttempts.id))
    .limit(500);
  return rows.map((r) => r.attempt);
}

/**
 * The reconciliation job's work: ask the gateway about every recent attempt whose order still waits
 * (or, with `includeClosed`, was released or cancelled: a late payment is refunded), then release the
 * orders whose time ran out. Returns what it settled.
 */
export async function reconcilePayments(now = new Date(), { includeClosed = false } = {}) {
  const settled: Settlement[] = [];
  for (const attempt of await attemptsToReconcile(now, includeClosed)) {
    try {
      settled.push(...(await reconcileAttempt(attempt, now)));
    } catch (error) {
      console.error(`Reconciling payment attempt ${attempt.gatewayRef} failed:`, error);
    }
  }
  const released = await releaseUnpaidOrders(now);
  return { settled, released };
}

/**
 * Orders whose payment window has passed: one placed to be paid online is released (cancelled, stock
 * and points returned); one the customer switched from cash on delivery goes back to cash on delivery.
 * The shopper is told either way.
 */
export async function releaseUnpaidOrders(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lte(orders.paymentDueAt, now)))
    .orderBy(asc(orders.id))
    .limit(200);
  let released = 0;
  for (const { id } of due) {
    const moved = await db.transaction(async (tx) => {
      const [placedCod] = await tx
        .select({ id: orderStatusHistory.id })
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.move, 'place')));
      if (!placedCod) return applyMoveIn(tx, id, 'expire_payment', { now });
      // Its cash-on-delivery price again (the offer was for paying online), then the move and its mail.
      await tx
        .update(orders)
        .set({
          paymentMethod: 'cod',
          total: sql`${orders.total} + ${orders.prepaidDiscount}`,
          prepaidDiscount: 0,
          paymentDueAt: null,
        })
        .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_payment')));
      return applyMoveIn(tx, id, 'return_to_cod', { now });
    });
    if (moved.ok) released++;
  }
  if (released) kickOutbox();
  return released;
}

/**
 * "Pay now instead": a cash-on-delivery order not yet confirmed switches to paying online with the
 * online-payment offer, and waits for its payment like an order placed that way (back to cash on
 * delivery if it never comes). One transaction; a second press while it waits changes nothing.
 */
export async function switchToOnline(
  orderId: number,
  now = new Date(),
): Promise<{ ok: true } | Refusal<'conflict' | 'unavailable'>> {
  if (!paymentGateway()) return refusal('unavailable', PAYMENT_MESSAGES.unavailable);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (order?.status === 'awaiting_payment') return { ok: true as const };
    const offer = order && (await payInsteadOffer(tx, order));
    if (!offer) return refusal('conflict', PAYMENT_MESSAGES.notSwitchable);
    await tx
      .update(orders)
      .set({
        paymentMethod: 'online',
        prepaidDiscount: offer.saving,
        total: offer.total,
        paymentDueAt: new Date(now.getTime() + PAYMENT_WINDOW_MINUTES * 60_000),
      })
      .where(eq(orders.id, order.id));
    const moved = await applyMoveIn(tx, order.id, 'switch_to_online', {
      now,
      paymentWindowMinutes: PAYMENT_WINDOW_MINUTES,
    });
    if (!moved.ok) throw new Error(moved.message);
    return { ok: true as const };
  });
}

/** Refunds queued, or being sent by a process that stopped: claimed one at a time for this long. */
const SENDING_CLAIM_MS = 2 * 60_000;

/**
 * Sends queued gateway refunds. Each is claimed first (no transaction is held during the gateway
 * call); one sent before but not recorded (a crash between the call and the write) is found among the
 * payment's refunds by its receipt, our key, and adopted instead of being sent twice.
 */
export async function sendQueuedRefunds(now = new Date()): Promise<number> {
  const db = await getDb();
  let sent = 0;
  for (;;) {
    const [claimed] = await db
      .update(gatewayRefunds)
      .set({ sendingSince: now, attempts: sql`${gatewayRefunds.attempts} + 1` })
      .where(
        sql`${gatewayRefunds.id} = (select id from gateway_refunds where status = 'queued'
          and (sending_since is null or sending_since < ${new Date(now.getTime() - SENDING_CLAIM_MS).toISOString()}::timestamptz)
          order by id limit 1 for update skip locked)`,
      )
      .returning();
    if (!claimed) return sent;
    const [payment] = await db.select().from(payments).where(eq(payments.id, claimed.paymentId));
    const gateway = gatewayNamed(payment.gateway);
    try {
      if (!gateway) throw new GatewayError(`The ${payment.gateway} gateway is not configured.`);
      const earlier =
        claimed.attempts > 1
          ? (await gateway.refundsOfPayment(payment.gatewayPaymentId)).find((r) => r.receipt === claimed.idempotencyKey)
          : undefined;
      const refund =
        earlier ??
        (await gateway.refund(payment.gatewayPaymentId, {
          amountPaise: claimed.amountPaise,
          receipt: claimed.idempotencyKey,
          notes: { reason: claimed.reason, order_id: String(claimed.orderId) },
        }));
      await db
        .update(gatewayRefunds)
        .set({
          gatewayRefundId: refund.id,
          status: refund.status === 'processed' ? 'processed' : refund.status === 'failed' ? 'failed' : 'pending',
          processedAt: refund.status === 'processed' ? now : null,
          sendingSince: null,
          lastError: null,
        })
        .where(and(eq(gatewayRefunds.id, claimed.id), eq(gatewayRefunds.status, 'queued')));
      sent++;
    } catch (error) {
      // Left queued: the next run tries again (the reconciliation job runs every minute).
      const message = error instanceof Error ? error.message : String(error);
      console.error(`Sending refund ${claimed.idempotencyKey} failed:`, message);
      await db
        .update(gatewayRefunds)
        .set({ lastError: message.slice(0, 500), sendingSince: null })
        .where(eq(gatewayRefunds.id, claimed.id));
      return sent;
    }
  }
}

/** The gateway settled (or failed) a refund: by its id, or by our key when the webhook came before our write. */
export async function settleRefund(
  gatewayName: string,
  refund: { id: string; status: string; receipt: string | null },
  now = new Date(),
): Promise<boolean> {
  if (refund.status !== 'processed' && refund.status !== 'failed') return false;
  const db = await getDb();
  const updated = await db
    .update(gatewayRefunds)
    .set({ status: refund.status, gatewayRefundId: refund.id, processedAt: refund.status === 'processed' ? now : null })
    .where(
      and(
        inArray(gatewayRefunds.status, ['queued', 'pending']),
        or(
          eq(gatewayRefunds.gatewayRefundId, refund.id),
          and(isNull(gatewayRefunds.gatewayRefundId), eq(gatewayRefunds.idempotencyKey, refund.receipt ?? '')),
        ),
        sql`exists (select 1 from payments p where p.id = ${gatewayRefunds.paymentId} and p.gateway = ${gatewayName})`,
      ),
    )
    .returning({ id: gatewayRefunds.id });
  return updated.length > 0;
}

/** Wakes the refund job (after a commit that queued refunds outside applyMove). */
export async function kickRefunds() {
  if (jobsStarted()) await sendJob(SEND_REFUNDS_JOB, {}, { singletonKey: 'now' });
}

/** What the order page and the desk show of an order's money online. */
export async function paymentsOfOrder(orderId: number) {
  const db = await getDb();
  const [paid, refunds, attempts] = await Promise.all([
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    db.select().from(gatewayRefunds).where(eq(gatewayRefunds.orderId, orderId)).orderBy(asc(gatewayRefunds.id)),
    db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(desc(paymentAttempts.id)),
  ]);
  return { payments: paid, refunds, attempts };
}

export interface OrderPaymentView {
  /** Waiting for its money: until when, and whether the shopper can still pay. */
  awaiting: { dueAt: Date } | null;
  /** The payment that paid the order. */
  paid: { amountPaise: number; method: string | null; gatewayPaymentId: string; capturedAt: Date } | null;
  /** Money going back through the gateway. */
  refunds: { amountPaise: number; status: string; reason: string; gatewayRefundId: string | null }[];
  testMode: boolean;
}

/** An order paid online as its page shows it (null for cash on delivery). */
export async function orderPaymentView(order: OrderRow, now = new Date()): Promise<OrderPaymentView | null> {
  if (order.paymentMethod !== 'online') return null;
  const { payments: paid, refunds } = await paymentsOfOrder(order.id);
  const applied = paid.find((p) => p.applied);
  return {
    awaiting:
      order.status === 'awaiting_payment' && order.paymentDueAt && order.paymentDueAt > now
        ? { dueAt: order.paymentDueAt }
        : null,
    paid: applied
      ? {
          amountPaise: applied.amountPaise,
          method: applied.method,
          gatewayPaymentId: applied.gatewayPaymentId,
          capturedAt: applied.capturedAt,
        }
      : null,
    refunds: refunds.map((r) => ({
      amountPaise: r.amountPaise,
      status: r.status,
      reason: r.reason,
      gatewayRefundId: r.gatewayRefundId,
    })),
    testMode: gatewayNamed(applied?.gateway ?? paymentGateway()?.name ?? '')?.testMode ?? false,
  };
}
