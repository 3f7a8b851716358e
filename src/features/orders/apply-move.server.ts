// The one way an order changes: applyMove locks the order (and its open return), checks the move
// against the lifecycle table and the clock, then writes the status, the history row, the return
// record, the side effects (stock, points, the referrer's coupon) and the mails through the outbox,
// all in one transaction.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { orderLines, orders, orderStatusHistory, productStock, returns } from '../../db/schema';
import { formatRupees } from '../../lib/money';
import { enqueueEmail, kickOutbox } from '../email/outbox.server';
import { issueCreditNote } from '../invoices/credit-notes.server';
import { issueInvoice } from '../invoices/invoices.server';
import { reverseOrderPoints, rewardReferrerOnDelivery } from '../rewards/rewards.server';
import { canCancel, canRequestReturn, deliveredAt, MOVES, moveFits, type MoveName, type MoveRule, RETURN_WINDOW_DAYS } from './lifecycle';
import { type MailLine, type MoveDetails, moveMails } from './order-mail.server';
import { OPEN_RETURN_STATUSES, RETURN_MESSAGES, type ReturnReasonCategory } from './returns-policy';
import { statusLabel } from './status';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type OrderRow = typeof orders.$inferSelect;
export type ReturnRow = typeof returns.$inferSelect;
export type MoveResult = { ok: true } | { ok: false; message: string };

export const CANCEL_REFUSED = 'This order can no longer be cancelled: orders can be cancelled within 12 hours of placing and before they ship.';
export const RETURN_CLOSED = `Returns can be requested within ${RETURN_WINDOW_DAYS} days of delivery.`;
export const MOVE_MESSAGES = {
  shipment: 'Enter the courier and the tracking number to mark the order shipped.',
  note: 'Write the reason the customer will read (up to 1000 characters).',
  decided: 'This return has already been decided.',
  acceptFirst: 'Accept the return before marking it received.',
  receiveFirst: 'Mark the return received before refunding it.',
  refund: (total: number) => `Enter the refund in whole rupees, more than ₹0 and at most the order total of ${formatRupees(total)}.`,
} as const;

export interface NewReturn { reasonCategory: ReturnReasonCategory; description: string; photos: string[]; video: string }

export interface MoveInput extends MoveDetails {
  now: Date;
  /** The staff member making the move (recorded in the history, and on a return they decide). */
  staff?: { id: string | null; name: string };
  /** request_return: the customer's request. */
  newReturn?: NewReturn;
}

/** Why the move cannot be made on this order now, or null when it can. */
async function refusal(tx: Tx, order: OrderRow, openReturn: ReturnRow | null, name: MoveName, input: MoveInput): Promise<string | null> {
  const rule: MoveRule = MOVES[name];
  if (rule.needs === 'shipment' && (!input.courier || !input.trackingNumber)) return MOVE_MESSAGES.shipment;
  if (rule.needs === 'note' && !input.note) return MOVE_MESSAGES.note;
  if (rule.needs === 'refund' && !(Number.isSafeInteger(input.refundAmount) && input.refundAmount! > 0 && input.refundAmount! <= order.total)) {
    return MOVE_MESSAGES.refund(order.total);
  }
  if (name === 'cancel_by_customer') return canCancel(order, input.now) ? null : CANCEL_REFUSED;
  if (name === 'request_return') {
    if (openReturn) return RETURN_MESSAGES.open;
    const history = await tx.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
    return canRequestReturn(order, deliveredAt(history), input.now) ? null : RETURN_CLOSED;
  }
  if (moveFits(name, order.status, openReturn?.status ?? null)) return null;
  if ((rule.from as readonly string[]).includes(order.status)) {
    return name === 'receive_return' ? MOVE_MESSAGES.acceptFirst : name === 'refund' ? MOVE_MESSAGES.receiveFirst : MOVE_MESSAGES.decided;
  }
  return `An order that is ${statusLabel(order.status).toLowerCase()} cannot be marked ${rule.historyLabel.toLowerCase()}.`;
}

/** The packs of an order back in stock (lines in product order, so concurrent restocks never deadlock). */
async function restockOrder(tx: Tx, orderId: number, now: Date) {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.productId));
  for (const line of lines) {
    await tx.update(productStock).set({ quantity: sql`${productStock.quantity} + ${line.months * line.quantity}`, updatedAt: now })
      .where(eq(productStock.productId, line.productId));
  }
}

/** The return record's part of the move. */
async function moveReturn(tx: Tx, order: OrderRow, openReturn: ReturnRow | null, name: MoveName, input: MoveInput) {
  const rule: MoveRule = MOVES[name];
  if (!rule.returnTo) return;
  const { now } = input;
  if (rule.returnFrom === null) {
    await tx.insert(returns).values({ orderId: order.id, ...input.newReturn!, createdAt: now, updatedAt: now });
    return;
  }
  const decision = rule.returnTo === 'accepted' || rule.returnTo === 'declined'
    ? { decidedBy: input.staff?.id ?? null, decidedAt: now, staffNote: input.note || null } : {};
  await tx.update(returns).set({
    status: rule.returnTo, updatedAt: now, ...decision,
    ...(rule.returnTo === 'received' && { receivedAt: now }),
    ...(rule.returnTo === 'refunded' && { refundedAt: now, refundAmount: input.refundAmount, ...(input.note && { staffNote: input.note }) }),
  }).where(eq(returns.id, openReturn!.id));
}

const CUSTOMER_NOTES: Partial<Record<MoveName, string>> = {
  cancel_by_customer: 'Cancelled by the customer.',
  request_return: 'Return requested by the customer.',
};

/** Applies one move to the order inside the caller's transaction (the order row is locked here). */
export async function applyMoveIn(tx: Tx, orderId: number, name: MoveName, input: MoveInput): Promise<MoveResult> {
  const rule: MoveRule = MOVES[name];
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return { ok: false, message: 'Order not found.' };
  const [openReturn] = await tx.select().from(returns)
    .where(and(eq(returns.orderId, order.id), inArray(returns.status, [...OPEN_RETURN_STATUSES]))).for('update');
  const refused = await refusal(tx, order, openReturn ?? null, name, input);
  if (refused) return { ok: false, message: refused };

  await moveReturn(tx, order, openReturn ?? null, name, input);
  await tx.update(orders).set({ status: rule.to, updatedAt: input.now }).where(eq(orders.id, order.id));
  const note = CUSTOMER_NOTES[name] ?? [input.note, input.staff && `By ${input.staff.name}`].filter(Boolean).join(' — ');
  await tx.insert(orderStatusHistory).values({
    orderId: order.id, status: rule.to, move: name, note: note || null,
    courier: input.courier ?? null, trackingNumber: input.trackingNumber ?? null, createdAt: input.now,
  });
  if (rule.restock) await restockOrder(tx, order.id, input.now);
  if (rule.reversePoints) await reverseOrderPoints(tx, order.id);
  if (rule.rewardReferrer) await rewardReferrerOnDelivery(tx, order.customerId);
  if (rule.issuesInvoice) await issueInvoice(tx, order.id, input.now);
  const creditNote = rule.issuesCreditNote
    ? await issueCreditNote(tx, { orderId: order.id, returnId: openReturn!.id, refundRupees: input.refundAmount! }, input.now) : null;
  const details = { ...input, ...input.newReturn, photoCount: input.newReturn?.photos.length, creditNoteNumber: creditNote?.creditNoteNumber };
  for (const mail of moveMails(name, order, details)) await enqueueEmail(tx, mail);
  return { ok: true };
}

/** One move as its own transaction; the outbox is woken once it has committed. */
export async function applyMove(orderId: number, name: MoveName, input: MoveInput): Promise<MoveResult> {
  const db = await getDb();
  const result = await db.transaction((tx) => applyMoveIn(tx, orderId, name, input));
  if (result.ok) kickOutbox();
  return result;
}

/** The place move's writes besides the order row the checkout made: the first history row and the mail. */
export async function recordPlacement(tx: Tx, order: OrderRow, lines: MailLine[]) {
  await tx.insert(orderStatusHistory).values({ orderId: order.id, status: MOVES.place.to, move: 'place', note: 'Order placed; cash on delivery, awaiting confirmation.' });
  for (const mail of moveMails('place', order, { lines })) await enqueueEmail(tx, mail);
}
