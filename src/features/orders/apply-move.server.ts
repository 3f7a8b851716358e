// The one way an order changes status: applyMove locks the order, checks the move against the
// lifecycle table (and the clock), then writes the status, the history row, the side effects (stock,
// points, the referrer's coupon) and the mails through the outbox, all in one transaction.
import { asc, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { orderLines, orders, orderStatusHistory, productStock } from '../../db/schema';
import { enqueueEmail, kickOutbox } from '../email/outbox.server';
import { reverseOrderPoints, rewardReferrerOnDelivery } from '../rewards/rewards.server';
import { canCancel, canRequestReturn, MOVES, type MoveName, RETURN_WINDOW_DAYS } from './lifecycle';
import { type MoveDetails, moveMails, orderConfirmationMail } from './order-mail';
import { statusLabel } from './status';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type OrderRow = typeof orders.$inferSelect;
export type HistoryRow = typeof orderStatusHistory.$inferSelect;
export type MoveResult = { ok: true } | { ok: false; message: string };

export const CANCEL_REFUSED = 'This order can no longer be cancelled: orders can be cancelled within 12 hours of placing and before they ship.';
export const RETURN_CLOSED = `Returns can be requested within ${RETURN_WINDOW_DAYS} days of delivery.`;

export interface MoveInput extends MoveDetails {
  /** Who made the move, for the history row ('By Asha'); the customer's moves have their own note. */
  staffName?: string;
  note?: string;
  now: Date;
  /** Writes that belong to this move (e.g. the return request's row), run after the checks pass. */
  alongside?: (tx: Tx, order: OrderRow) => Promise<void>;
}

/** When the order was delivered (the latest 'delivered' row). */
export const deliveredAt = (history: { status: string; createdAt: Date }[]) => history.findLast((h) => h.status === 'delivered')?.createdAt ?? null;

const historyOf = (tx: Tx, orderId: number) =>
  tx.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));

/** Why this move cannot be made on this order now, or null when it can. */
async function refusal(tx: Tx, order: OrderRow, name: MoveName, now: Date): Promise<string | null> {
  const rule = MOVES[name];
  if (name === 'cancel_by_customer') return canCancel(order, now) ? null : CANCEL_REFUSED;
  if (name === 'request_return') return canRequestReturn(order, deliveredAt(await historyOf(tx, order.id)), now) ? null : RETURN_CLOSED;
  if ((rule.from as readonly string[]).includes(order.status)) return null;
  return `An order that is ${statusLabel(order.status).toLowerCase()} cannot be marked ${statusLabel(rule.to).toLowerCase()}.`;
}

/** The packs of an order back in stock (lines in product order, so concurrent restocks never deadlock). */
async function restockOrder(tx: Tx, orderId: number, now: Date) {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.productId));
  for (const line of lines) {
    await tx.update(productStock).set({ quantity: sql`${productStock.quantity} + ${line.months * line.quantity}`, updatedAt: now })
      .where(eq(productStock.productId, line.productId));
  }
}

const CUSTOMER_NOTES: Partial<Record<MoveName, string>> = {
  cancel_by_customer: 'Cancelled by the customer.',
  request_return: 'Return requested by the customer.',
};

/** Applies one move to the order inside the caller's transaction (the order row is locked here). */
export async function applyMoveIn(tx: Tx, orderId: number, name: MoveName, input: MoveInput): Promise<MoveResult> {
  const rule = MOVES[name];
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return { ok: false, message: 'Order not found.' };
  const refused = await refusal(tx, order, name, input.now);
  if (refused) return { ok: false, message: refused };
  await input.alongside?.(tx, order);
  await tx.update(orders).set({ status: rule.to, updatedAt: input.now }).where(eq(orders.id, order.id));
  const note = CUSTOMER_NOTES[name] ?? [input.note?.trim().slice(0, 500), input.staffName && `By ${input.staffName}`].filter(Boolean).join(' — ');
  await tx.insert(orderStatusHistory).values({
    orderId: order.id, status: rule.to, note: note || null, courier: input.courier ?? null, trackingNumber: input.trackingNumber ?? null, createdAt: input.now,
  });
  if ('restock' in rule && rule.restock) await restockOrder(tx, order.id, input.now);
  if ('reversePoints' in rule && rule.reversePoints) await reverseOrderPoints(tx, order.id);
  if ('rewardReferrer' in rule && rule.rewardReferrer) await rewardReferrerOnDelivery(tx, order.customerId);
  for (const mail of moveMails(name, order, input)) await enqueueEmail(tx, mail);
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
export async function recordPlacement(tx: Tx, order: OrderRow, lines: Parameters<typeof orderConfirmationMail>[1]) {
  await tx.insert(orderStatusHistory).values({ orderId: order.id, status: MOVES.place.to, note: 'Order placed; cash on delivery, awaiting confirmation.' });
  await enqueueEmail(tx, { kind: 'order_confirmation', to: order.email, ...orderConfirmationMail(order, lines) });
}
