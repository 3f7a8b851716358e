// The staff's orders desk: list and filter orders, and make the staff's moves (apply-move.server.ts).
import { and, count, desc, eq, exists, ilike, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { orders, payments } from '../../db/schema';
import { paymentMethodName } from '../../lib/payments';
import { gatewayNamed } from '../payments/gateway.server';
import { paymentsOfOrder } from '../payments/payments.server';
import { refuse, type FormOutcome, type PostedForm } from '../../server/http/form.server';
import { parseRupeesToPaise } from '../../lib/money';
import { findCreditNotes } from '../invoices/credit-notes.server';
import { findDeliveryChallans } from '../invoices/delivery-challans.server';
import { findInvoice } from '../invoices/invoices.server';
import { refusal, type Refusal } from '../../lib/errors';
import { applyMove, type MoveResult, ORDER_NOT_FOUND } from './apply-move.server';
import { isMoveName, MOVES } from './lifecycle';
import { OPEN_RETURN_STATUSES } from './returns-policy';
import { isOrderNumber, normaliseOrderNumber } from './order-number';
import { findOrder, orderParts } from './orders.server';
import { refundOfOrderReturn } from './refunds.server';
import { isOrderStatus } from './status';
import { type BatchPicks, replacedBatches, shipmentChoices, shippedBatches } from '../stock/batches.server';
import { activeCourierName } from '../couriers/couriers.server';
import { COURIER_MESSAGES } from '../../lib/couriers';
import { type AccessingStaff, logStaffAccess, recordDataAccessLog } from '../privacy/data-access-log.server';
import type { DeskAction } from '../../lib/permissions';
import { fullDestination, maskedDestination } from '../../lib/payout';

export const DESK_PAGE_SIZE = 25;

/** The orders list's payment filter: its values (in the address) and labels, All first. */
export const DESK_PAYMENT_FILTERS = {
  '': 'All',
  cod: 'Cash on delivery',
  online: 'Paid online',
  awaiting: 'Awaiting payment',
} as const;
export type DeskPaymentFilter = keyof typeof DESK_PAYMENT_FILTERS;
export const parsePaymentFilter = (value: string | null | undefined): DeskPaymentFilter =>
  value && value !== '' && Object.hasOwn(DESK_PAYMENT_FILTERS, value) ? (value as DeskPaymentFilter) : '';

/** A payment that paid the order (not one that came too late and went back). */
const appliedPaymentOf = (db: Awaited<ReturnType<typeof getDb>>) =>
  db
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), eq(payments.applied, true)));

function paymentCondition(db: Awaited<ReturnType<typeof getDb>>, filter: DeskPaymentFilter): SQL | undefined {
  switch (filter) {
    case 'cod':
      return eq(orders.paymentMethod, 'cod');
    case 'online':
      return and(eq(orders.paymentMethod, 'online'), exists(appliedPaymentOf(db)));
    case 'awaiting':
      return eq(orders.status, 'awaiting_payment');
    default:
      return undefined;
  }
}

/** How an order is paid, as the desk's list shows it. */
export function deskPaymentLabel(row: { paymentMethod: string; status: string; paidWith: string | null }): string {
  if (row.paymentMethod !== 'online') return 'Cash on delivery';
  if (row.paidWith !== null) return `Paid online (${paymentMethodName(row.paidWith)})`;
  return row.status === 'awaiting_payment' ? 'Awaiting payment' : 'Online, not paid';
}

/** The gateway a payment went through, as the desk names it (test mode said plainly). */
export function gatewayLabel(name: string): string {
  if (name === 'test') return 'Built-in test gateway (test mode: no real money moved)';
  const label = name === 'razorpay' ? 'Razorpay' : name;
  return gatewayNamed(name)?.testMode ? `${label} (test mode)` : label;
}

export interface DeskFilter {
  status?: string;
  /** DESK_PAYMENT_FILTERS; anything else is All. */
  payment?: string;
  q?: string;
  page?: number;
}

export async function listDeskOrders({ status, payment, q, page = 1 }: DeskFilter) {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (status && isOrderStatus(status)) conditions.push(eq(orders.status, status));
  const byPayment = paymentCondition(db, parsePaymentFilter(payment));
  if (byPayment) conditions.push(byPayment);
  const query = q?.trim();
  if (query) {
    const number = normaliseOrderNumber(query);
    const likeEmail = `%${query.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
    conditions.push(isOrderNumber(number) ? eq(orders.orderNumber, number) : ilike(orders.email, likeEmail));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const current = Math.max(1, Math.floor(page));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        orderNumber: orders.orderNumber,
        email: orders.email,
        status: orders.status,
        total: orders.total,
        createdAt: orders.createdAt,
        name: orders.address,
        phone: orders.phone,
        paymentMethod: orders.paymentMethod,
        // The method of the payment that paid it ('' when the gateway did not say), null when none did.
        paidWith: sql<string | null>`(select coalesce(p.method, '') from payments p
          where p.order_id = orders.id and p.applied order by p.id limit 1)`,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(DESK_PAGE_SIZE)
      .offset((current - 1) * DESK_PAGE_SIZE),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, name: r.name.name })),
    total,
    page: current,
    pages: Math.max(1, Math.ceil(total / DESK_PAGE_SIZE)),
  };
}

export async function deskOrderDetail(orderNumber: string) {
  const order = await findOrder(orderNumber);
  if (!order) return null;
  const parts = await orderParts(order.id);
  const openReturn = parts.returns.find((r) => OPEN_RETURN_STATUSES.includes(r.status)) ?? null;
  // A received return that asks for a replacement ships its units as an order ships its lines.
  const replacing = openReturn?.status === 'received' && openReturn.resolution === 'replacement';
  const [invoice, credited, challans, shipFrom, shippedFrom, replacedFrom, money] = await Promise.all([
    findInvoice(order.id),
    findCreditNotes(order.id),
    findDeliveryChallans(order.id),
    order.status === 'confirmed'
      ? shipmentChoices(order.id)
      : replacing
        ? shipmentChoices(
            order.id,
            new Date(),
            parts.returnLines.filter((l) => l.returnId === openReturn.id),
          )
        : [],
    shippedBatches(order.id),
    replacedBatches(order.id),
    order.paymentMethod === 'online' ? paymentsOfOrder(order.id) : null,
  ]);
  // A received return: what the allocation rule refunds for its lines (the desk may refund less, never more).
  const refundDue =
    openReturn?.status === 'received' ? await refundOfOrderReturn(await getDb(), order, openReturn.id) : null;
  return {
    order,
    ...parts,
    openReturn,
    invoice,
    creditNotes: credited.map((c) => c.creditNote),
    challans: challans.map((c) => c.challan),
    refundDue,
    shipFrom,
    shippedFrom,
    /** The batches each replacement left from, by return. */
    replacedFrom,
    /** An order paid online: its tries at the gateway, the payments captured and the refunds sent back. */
    money,
  };
}

/** The order desk page's data: its opening is logged (DPDP) and the page shows that order's log. */
export async function openDeskOrder(staff: AccessingStaff, orderNumber: string) {
  const detail = await deskOrderDetail(orderNumber);
  if (!detail) return null;
  const { order } = detail;
  const record = { kind: 'order', ref: order.orderNumber } as const;
  await logStaffAccess(staff, 'order page', [{ userId: order.customerId, email: order.email || null, record }]);
  return { ...detail, accessLog: await recordDataAccessLog(record) };
}

/**
 * Where a cash-on-delivery refund is to be sent, as the refund form says it: in full to a member who may
 * refund, who makes the payout (decision 0126-payout-destination-in-the-refund-form), masked to anyone
 * else. Showing it in full is logged as an opening of the customer's data (DPDP), under the order, so a
 * guest's is found on the order's page too.
 */
export async function refundPayoutDestination(
  staff: { user: { id: string }; role: string; may: (action: DeskAction) => boolean },
  order: { orderNumber: string; customerId: string | null; email: string | null },
  openReturn: Parameters<typeof fullDestination>[0],
): Promise<string | null> {
  if (!staff.may('orders.refund')) return maskedDestination(openReturn);
  const destination = fullDestination(openReturn);
  if (destination) {
    const record = { kind: 'order', ref: order.orderNumber } as const;
    await logStaffAccess(staff, 'refund destination', [
      { userId: order.customerId, email: order.email || null, record },
    ]);
  }
  return destination;
}

export interface DeskMoveInput {
  move: string;
  courier?: string;
  trackingNumber?: string;
  note?: string;
  /** Rupees as typed ("274.50"); empty: what the returned lines cost. */
  refundAmount?: string;
  payoutReference?: string;
  /** ship, send_replacement: the staff's batch per product; a product left out ships first-expiring first. */
  batches?: BatchPicks;
}
export interface Staff {
  id: string | null;
  name: string;
}

/** A staff move from the desk's form; anything but a staff move of the table is refused with a message. */
export async function moveOrder(
  staff: Staff,
  orderNumber: string,
  input: DeskMoveInput,
  now = new Date(),
): Promise<MoveResult | Refusal<'invalid'>> {
  if (!isMoveName(input.move) || MOVES[input.move].by !== 'staff')
    return refusal('invalid', 'Choose one of the actions shown for this order.');
  const text = (value: string | undefined, max: number) => value?.trim().slice(0, max) || null;
  const refund = input.refundAmount?.trim();
  const order = await findOrder(orderNumber);
  if (!order) return refusal('not_found', ORDER_NOT_FOUND);
  // A parcel goes with a courier of the desk's list, named as the list names it (its link comes from there).
  let courier = text(input.courier, 80);
  if ((input.move === 'ship' || input.move === 'send_replacement') && courier) {
    courier = await activeCourierName(await getDb(), courier);
    if (!courier) return refusal('unprocessable', COURIER_MESSAGES.unknown);
  }
  return applyMove(order.id, input.move, {
    now,
    staff,
    note: text(input.note, 1000),
    courier,
    trackingNumber: text(input.trackingNumber, 80),
    // An amount that is not one (letters, a minus) is refused by the move as out of range.
    refundPaise: refund ? (parseRupeesToPaise(refund) ?? Number.NaN) : undefined,
    payoutReference: text(input.payoutReference, 80),
    batches: input.batches,
  });
}

/** The ship form's batch choices: `batch-{productId}` = a batch id, or empty for first-expiring first. */
function batchPicks(form: PostedForm): BatchPicks {
  const picks: BatchPicks = {};
  for (const [key, value] of Object.entries(form.values())) {
    const product = /^batch-(\d{1,9})$/.exec(key);
    if (!product || !value.trim()) continue;
    // Not a batch id: no batch has it, so the move says to choose one of the product's batches.
    picks[Number(product[1])] = /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : 0;
  }
  return picks;
}

/** The order page's move forms: a refused move (the order moved on meanwhile, a missing field) is a conflict. */
export async function orderDeskRequest(staff: Staff, orderNumber: string, form: PostedForm): Promise<FormOutcome> {
  const move = form.raw('move') ?? '';
  const result = await moveOrder(staff, orderNumber, {
    move,
    courier: form.raw('courier'),
    trackingNumber: form.raw('trackingNumber'),
    note: form.raw('note'),
    refundAmount: form.raw('refundAmount'),
    payoutReference: form.raw('payoutReference'),
    batches: batchPicks(form),
  });
  if (!result.ok) return refuse(result.code, result.message);
  return {
    ok: true,
    notice: `Order marked ${MOVES[move as keyof typeof MOVES].historyLabel.toLowerCase()}; the customer has been emailed.`,
  };
}
