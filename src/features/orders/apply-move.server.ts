// The one way an order changes: applyMove locks the order (and its open return), checks the move
// against the lifecycle table and the clock, then writes the status, the history row, the return
// record, the side effects (stock, points, the referrer's coupon) and the mails through the outbox,
// all in one transaction.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { orderLines, orders, orderStatusHistory, productStock, returnLines, returns } from '../../db/schema';
import { packsByProduct } from '../../lib/kits';
import { orderStockLines } from '../stock/kits.server';
import { refusal, type Refusal } from '../../lib/errors';
import { formatPaiseAsRupees } from '../../lib/money';
import { PAYMENT_WINDOW_MINUTES } from '../../lib/payments';
import { maskedDestination, type PayoutDestination } from '../../lib/payout';
import { enqueueEmail, kickOutbox } from '../../server/mail/outbox.server';
import { issueCreditNote } from '../invoices/credit-notes.server';
import { issueDeliveryChallan } from '../invoices/delivery-challans.server';
import { appliedPayment, queueGatewayRefund, refundablePaise } from '../payments/refund-queue.server';
import { payInsteadOffer } from '../payments/payment-settings.server';
import { invoiceRefusal, issueInvoice } from '../invoices/invoices.server';
import { type BatchPicks, indiaToday, planShipment, recordShipment } from '../stock/batches.server';
import { reverseOrderPoints, rewardReferrerOnDelivery } from '../rewards/rewards.server';
import {
  canCancel,
  canRequestReturn,
  deliveredAt,
  MOVES,
  moveFits,
  type MoveName,
  type MoveRule,
  RETURN_WINDOW_DAYS,
  statusAfter,
} from './lifecycle';
import { type MailLine, type MoveDetails, moveMails } from './order-mail.server';
import { queueOrderMessages } from './order-messages.server';
import { parcelLink } from '../couriers/couriers.server';
import {
  OPEN_RETURN_STATUSES,
  RETURN_MESSAGES,
  type ReturnReasonCategory,
  type ReturnResolution,
} from './returns-policy';
import { refundOfOrderReturn, unitsReturned } from './refunds.server';
import { statusLabel } from './status';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type OrderRow = typeof orders.$inferSelect;
export type ReturnRow = typeof returns.$inferSelect;
/** A refused move: the order is not in a state for it (conflict), or the amount given is not one it takes. */
export const ORDER_NOT_FOUND = 'Order not found.';

export type MoveResult = { ok: true } | Refusal<'not_found' | 'conflict' | 'unprocessable'>;

export const CANCEL_REFUSED =
  'This order can no longer be cancelled: orders can be cancelled within 12 hours of placing and before they ship.';
export const RETURN_CLOSED = `Returns can be requested within ${RETURN_WINDOW_DAYS} days of delivery.`;
export const MOVE_MESSAGES = {
  shipment: 'Enter the courier and the tracking number to mark the order shipped.',
  note: 'Write the reason the customer will read (up to 1000 characters).',
  decided: 'This return has already been decided.',
  acceptFirst: 'Accept the return before marking it received.',
  receiveFirst: 'Mark the return received before refunding it.',
  receiveFirstReplacement: 'Mark the return received before sending its replacement.',
  asksReplacement: 'This return asks for a replacement: send it, or choose “Refund instead” first.',
  asksRefund: 'This return asks for a refund, not a replacement.',
  replacedAlready: 'The replacement for this return has already been sent.',
  refund: (due: number) =>
    `Enter the refund in rupees, more than ₹0 and at most ${formatPaiseAsRupees(due)}, what the returned items cost after offers and points.`,
  refundLess: 'Say why the refund is less than what the returned items cost (the customer reads it).',
  payoutReference: 'Enter the payout reference (UTR or UPI transaction id) of the money sent to the customer.',
  lines: 'Choose the items you are sending back and how many of each.',
  tooMany: (name: string, left: number) => `You can send back at most ${left} of ${name}.`,
} as const;

export interface NewReturn {
  reasonCategory: ReturnReasonCategory;
  description: string;
  photos: string[];
  video: string;
  /** The units of the order's lines sent back. */
  lines: { orderLineId: number; quantity: number }[];
  /** What the customer asks for them: the money back (when absent), or the same product and plan again. */
  resolution?: ReturnResolution;
  /** Cash on delivery: where the refund goes. */
  destination: PayoutDestination | null;
}

export interface MoveInput extends MoveDetails {
  now: Date;
  /** The staff member making the move (recorded in the history, and on a return they decide). */
  staff?: { id: string | null; name: string };
  /** request_return: the customer's request. */
  newReturn?: NewReturn;
  /** refund: the paise the staff refund (the rule's amount when absent; less needs a note) and the payout's reference. */
  refundPaise?: number;
  payoutReference?: string | null;
  /** ship, send_replacement: the batch the staff chose per product (by product id); none: first-expiring eligible batches. */
  batches?: BatchPicks;
}

type RefundQuote = Awaited<ReturnType<typeof refundOfOrderReturn>>;

/** Why the move cannot be made on this order now, or null when it can. */
async function moveRefusal(
  tx: Tx,
  order: OrderRow,
  openReturn: ReturnRow | null,
  name: MoveName,
  input: MoveInput,
): Promise<string | null> {
  const rule: MoveRule = MOVES[name];
  if (rule.needs === 'shipment' && (!input.courier || !input.trackingNumber)) return MOVE_MESSAGES.shipment;
  if (rule.needs === 'note' && !input.note) return MOVE_MESSAGES.note;
  if (name === 'cancel_by_customer') return canCancel(order, input.now) ? null : CANCEL_REFUSED;
  if (name === 'request_return') {
    if (openReturn) return RETURN_MESSAGES.open;
    const history = await tx
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
    return canRequestReturn(order, deliveredAt(history), input.now)
      ? returnLinesRefusal(tx, order, input.newReturn!)
      : RETURN_CLOSED;
  }
  if (moveFits(name, order.status, openReturn)) return null;
  if ((rule.from as readonly string[]).includes(order.status)) {
    if (openReturn?.status === rule.returnFrom && rule.resolution)
      return rule.resolution === 'refund' ? MOVE_MESSAGES.asksReplacement : MOVE_MESSAGES.asksRefund;
    return name === 'receive_return'
      ? MOVE_MESSAGES.acceptFirst
      : name === 'refund'
        ? MOVE_MESSAGES.receiveFirst
        : name === 'send_replacement'
          ? MOVE_MESSAGES.receiveFirstReplacement
          : MOVE_MESSAGES.decided;
  }
  // Sent once: a second "Send replacement" (a double click, two staff at once) finds it sent.
  if (name === 'send_replacement' && (await lastReturnStatus(tx, order.id)) === 'replaced')
    return MOVE_MESSAGES.replacedAlready;
  return `An order that is ${statusLabel(order.status).toLowerCase()} cannot be marked ${rule.historyLabel.toLowerCase()}.`;
}

async function lastReturnStatus(tx: Tx, orderId: number) {
  const [last] = await tx
    .select({ status: returns.status })
    .from(returns)
    .where(eq(returns.orderId, orderId))
    .orderBy(desc(returns.id))
    .limit(1);
  return last?.status ?? null;
}

/** The units a return sends back, per order line. */
const unitsOfReturn = (tx: Tx, returnId: number) =>
  tx
    .select({ orderLineId: returnLines.orderLineId, quantity: returnLines.quantity })
    .from(returnLines)
    .where(eq(returnLines.returnId, returnId));

/** Why the return's lines cannot be sent back: none chosen, or more units than are still with the customer (the order is locked). */
async function returnLinesRefusal(tx: Tx, order: OrderRow, request: NewReturn): Promise<string | null> {
  const ids = request.lines.map((l) => l.orderLineId);
  if (
    !ids.length ||
    new Set(ids).size !== ids.length ||
    request.lines.some((l) => !Number.isSafeInteger(l.quantity) || l.quantity < 1)
  )
    return MOVE_MESSAGES.lines;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const returned = await unitsReturned(tx, order.id);
  for (const wanted of request.lines) {
    const line = lines.find((l) => l.id === wanted.orderLineId);
    if (!line) return MOVE_MESSAGES.lines;
    const left = line.quantity - (returned.get(line.id) ?? 0);
    if (wanted.quantity > left) return MOVE_MESSAGES.tooMany(line.name, left);
  }
  return null;
}

/** Why the staff's refund cannot be recorded: more than the rule's amount, less without a reason, no payout reference. */
function refundRefusal(order: OrderRow, quote: RefundQuote, input: MoveInput): string | null {
  const paise = input.refundPaise ?? quote.paise;
  if (!Number.isSafeInteger(paise) || paise < 0 || paise > quote.paise || (paise === 0 && quote.paise > 0))
    return MOVE_MESSAGES.refund(quote.paise);
  if (paise < quote.paise && !input.note) return MOVE_MESSAGES.refundLess;
  if (order.paymentMethod === 'cod' && paise > 0 && !input.payoutReference) return MOVE_MESSAGES.payoutReference;
  return null;
}

/** The packs of an order back in stock (a kit's to its components; in product order, so concurrent restocks never deadlock). */
async function restockOrder(tx: Tx, orderId: number, now: Date) {
  for (const { productId, packs } of packsByProduct(await orderStockLines(tx, orderId))) {
    await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} + ${packs}`, updatedAt: now })
      .where(eq(productStock.productId, productId));
  }
}

/** The return record's part of the move. */
async function moveReturn(
  tx: Tx,
  order: OrderRow,
  openReturn: ReturnRow | null,
  name: MoveName,
  input: MoveInput,
  refundPoints?: number,
) {
  const rule: MoveRule = MOVES[name];
  if (!rule.returnTo) return;
  const { now } = input;
  if (rule.returnFrom === null) {
    const { lines, destination, ...request } = input.newReturn!;
    const [created] = await tx
      .insert(returns)
      .values({
        orderId: order.id,
        ...request,
        refundUpi: destination?.upi,
        refundAccount: destination?.account,
        refundIfsc: destination?.ifsc,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: returns.id });
    await tx.insert(returnLines).values(lines.map((l) => ({ returnId: created.id, ...l })));
    return;
  }
  const decision =
    rule.returnTo === 'accepted' || rule.returnTo === 'declined'
      ? { decidedBy: input.staff?.id ?? null, decidedAt: now, staffNote: input.note || null }
      : {};
  await tx
    .update(returns)
    .set({
      status: rule.returnTo,
      updatedAt: now,
      ...decision,
      ...(rule.returnTo === 'received' && openReturn!.status !== 'received' && { receivedAt: now }),
      ...(rule.returnTo === 'replaced' && { replacedAt: now }),
      // No replacement to send: the return is refunded instead (by the refund move, as any other).
      ...(name === 'switch_to_refund' && { resolution: 'refund' as const, switchedToRefundAt: now }),
      ...(rule.returnTo === 'refunded' && {
        refundedAt: now,
        refundPaise: input.refundPaise,
        refundPoints: refundPoints,
        payoutReference: input.payoutReference || null,
        ...(input.note && { staffNote: input.note }),
      }),
    })
    .where(eq(returns.id, openReturn!.id));
}

const CUSTOMER_NOTES: Partial<Record<MoveName, string>> = {
  cancel_by_customer: 'Cancelled by the customer.',
  request_return: 'Return requested by the customer.',
};

/** Applies one move to the order inside the caller's transaction (the order row is locked here). */
export async function applyMoveIn(tx: Tx, orderId: number, name: MoveName, input: MoveInput): Promise<MoveResult> {
  const rule: MoveRule = MOVES[name];
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return refusal('not_found', ORDER_NOT_FOUND);
  const [openReturn] = await tx
    .select()
    .from(returns)
    .where(and(eq(returns.orderId, order.id), inArray(returns.status, [...OPEN_RETURN_STATUSES])))
    .for('update');
  const refused = await moveRefusal(tx, order, openReturn ?? null, name, input);
  if (refused) return refusal('conflict', refused);
  // A refund is the returned lines' worth by the allocation rule, or less with a reason; never more.
  const quote = name === 'refund' ? await refundOfOrderReturn(tx, order, openReturn!.id) : null;
  const refundRefused = quote && refundRefusal(order, quote, input);
  if (refundRefused) return refusal('unprocessable', refundRefused);
  const refund = quote ? { ...input, refundPaise: input.refundPaise ?? quote.paise } : input;
  // No tax invoice under a placeholder GSTIN in production, so the goods do not leave without one.
  const invoiceRefused = rule.issuesInvoice ? await invoiceRefusal(tx, order.id) : null;
  if (invoiceRefused) return refusal('conflict', invoiceRefused);
  // The packs leave from batches within the shelf-life line: the staff's choice, or first-expiring first.
  // A replacement's packs (the return's units) too, and from the sellable total as well.
  const replacing =
    name === 'send_replacement'
      ? { returnId: openReturn!.id, units: await unitsOfReturn(tx, openReturn!.id) }
      : undefined;
  const shipment =
    name === 'ship' || replacing
      ? await planShipment(tx, order.id, input.batches ?? {}, indiaToday(input.now), replacing)
      : null;
  if (shipment && !shipment.ok) return refusal('conflict', shipment.message);

  await moveReturn(tx, order, openReturn ?? null, name, refund, quote?.points);
  const refundedPaise = rule.toWhenPartlyRefunded ? await paiseRefunded(tx, order.id) : 0;
  const status = statusAfter(name, refundedPaise, order.total * 100);
  await tx.update(orders).set({ status, updatedAt: input.now }).where(eq(orders.id, order.id));
  const note =
    CUSTOMER_NOTES[name] ?? [input.note, input.staff && `By ${input.staff.name}`].filter(Boolean).join(' — ');
  const [entry] = await tx
    .insert(orderStatusHistory)
    .values({
      orderId: order.id,
      status,
      move: name,
      note: note || null,
      courier: input.courier ?? null,
      trackingNumber: input.trackingNumber ?? null,
      createdAt: input.now,
    })
    .returning({ id: orderStatusHistory.id });
  // The replacement's courier and tracking number are its history row's, as a shipment's are.
  if (replacing)
    await tx.update(returns).set({ replacementHistoryId: entry.id }).where(eq(returns.id, replacing.returnId));
  if (shipment?.ok) await recordShipment(tx, shipment, input.now);
  if (rule.restock) await restockOrder(tx, order.id, input.now);
  if (rule.reversePoints) {
    await reverseOrderPoints(
      tx,
      order.id,
      quote
        ? { returnId: openReturn!.id, spentBack: quote.pointsAfter, refundedPaise, paidPaise: order.total * 100 }
        : undefined,
    );
  }
  if (rule.rewardReferrer) await rewardReferrerOnDelivery(tx, order.customerId);
  if (rule.issuesInvoice) await issueInvoice(tx, order.id, input.now);
  const refundingPaise = await refundThroughGateway(tx, order, name, openReturn ?? null, refund.refundPaise);
  const creditNote =
    rule.issuesCreditNote && quote && refund.refundPaise! > 0
      ? await issueCreditNote(
          tx,
          { orderId: order.id, returnId: openReturn!.id, quote, refundPaise: refund.refundPaise! },
          input.now,
        )
      : null;
  // The replacement's goods travel with a delivery challan (no new invoice: they are sent free of charge).
  const challan = replacing ? await issueDeliveryChallan(tx, { orderId: order.id, ...replacing }, input.now) : null;
  const details: MoveDetails = {
    ...refund,
    ...input.newReturn,
    lines: input.lines,
    photoCount: input.newReturn?.photos.length,
    creditNoteNumber: creditNote?.creditNoteNumber,
    creditNoteNth: creditNote?.nth,
    challanNumber: challan?.challanNumber,
    challanNth: challan?.nth,
    refundPoints: quote?.points,
    partlyRefunded: status === 'partially_refunded',
    payoutTo: openReturn && maskedDestination(openReturn),
    refundingPaise,
    replacement: (input.newReturn?.resolution ?? openReturn?.resolution) === 'replacement',
    parcelUrl: rule.needs === 'shipment' ? await parcelLink(tx, input.courier, input.trackingNumber) : undefined,
    returnedLines: await returnedLineNames(tx, name, order.id, openReturn, input.newReturn),
  };
  for (const mail of moveMails(name, order, details)) await enqueueEmail(tx, mail);
  await queueOrderMessages(tx, name, order, details);
  return { ok: true };
}

/**
 * An order paid online gets its money back through the gateway: a return's refund, or on cancelling
 * what is left of its payment. Returns the paise queued (0 for cash on delivery or nothing paid).
 */
async function refundThroughGateway(
  tx: Tx,
  order: OrderRow,
  name: MoveName,
  openReturn: ReturnRow | null,
  refundPaise: number | undefined,
): Promise<number> {
  const rule: MoveRule = MOVES[name];
  if (order.paymentMethod !== 'online' || !(rule.refundsPayment || name === 'refund')) return 0;
  const payment = await appliedPayment(tx, order.id);
  if (!payment) return 0;
  const due =
    name === 'refund'
      ? {
          key: `return:${openReturn!.id}`,
          reason: 'return' as const,
          amountPaise: refundPaise ?? 0,
          returnId: openReturn!.id,
        }
      : { key: `cancel:${order.id}`, reason: 'cancelled' as const, amountPaise: await refundablePaise(tx, payment) };
  await queueGatewayRefund(tx, { payment, ...due });
  return due.amountPaise;
}

/** The paise refunded on the order so far (this move's refund included, it is written by now). */
async function paiseRefunded(tx: Tx, orderId: number) {
  const [row] = await tx
    .select({ paise: sql<number>`coalesce(sum(${returns.refundPaise}), 0)::int` })
    .from(returns)
    .where(eq(returns.orderId, orderId));
  return Number(row?.paise ?? 0);
}

/** What the return holds, for its mails: "Triphala Churna × 1". */
async function returnedLineNames(
  tx: Tx,
  name: MoveName,
  orderId: number,
  openReturn: ReturnRow | null,
  request?: NewReturn,
) {
  if (!(MOVES[name] as MoveRule).returnTo) return undefined;
  const wanted = request?.lines ?? (openReturn ? await unitsOfReturn(tx, openReturn.id) : []);
  const lines = await tx
    .select({ id: orderLines.id, name: orderLines.name })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  return lines.flatMap((l) => wanted.filter((w) => w.orderLineId === l.id).map((w) => `${l.name} × ${w.quantity}`));
}

/** One move as its own transaction; the outbox is woken once it has committed. */
export async function applyMove(orderId: number, name: MoveName, input: MoveInput): Promise<MoveResult> {
  const db = await getDb();
  const result = await db.transaction((tx) => applyMoveIn(tx, orderId, name, input));
  if (result.ok) kickOutbox();
  return result;
}

/** The place move's writes besides the order row the checkout made: the first history row and the mail (cash on delivery or paid online). */
export async function recordPlacement(tx: Tx, order: OrderRow, lines: MailLine[]) {
  const online = order.paymentMethod === 'online';
  const move = online ? 'place_online' : 'place';
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    status: MOVES[move].to,
    move,
    note: online ? 'Order placed; awaiting online payment.' : 'Order placed; cash on delivery, awaiting confirmation.',
  });
  // Cash on delivery: the mail and the SMS offer paying online instead, with what it saves.
  const payInstead = online ? null : await payInsteadOffer(tx, order);
  const details = { lines, paymentWindowMinutes: PAYMENT_WINDOW_MINUTES, payInstead };
  for (const mail of moveMails(move, order, details)) await enqueueEmail(tx, mail);
  await queueOrderMessages(tx, move, order, details);
}
