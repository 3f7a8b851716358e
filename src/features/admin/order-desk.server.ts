// The staff's orders desk: list and filter orders, move them through their lifecycle. Every move is
// one transaction: the order row is locked, the move checked, the history row, side effects and the
// customer's mail written together.
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { orderLines, orders, orderStatusHistory, returnRequests } from '../../db/schema';
import { canStaffMove, needsShipment } from '../../lib/order-desk';
import { isOrderNumber, normaliseOrderNumber, ORDER_STATUSES, statusLabel } from '../../lib/orders';
import { enqueueEmail, kickOutbox } from '../email/outbox.server';
import { orderStatusMail } from './desk-mail';
import { applyStatusEffects } from './order-effects.server';

export const DESK_PAGE_SIZE = 25;

export interface DeskFilter { status?: string; q?: string; page?: number }

export async function listDeskOrders({ status, q, page = 1 }: DeskFilter) {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (status && (ORDER_STATUSES as readonly string[]).includes(status)) conditions.push(eq(orders.status, status));
  const query = q?.trim();
  if (query) {
    const number = normaliseOrderNumber(query);
    const likeEmail = `%${query.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
    conditions.push(isOrderNumber(number) ? eq(orders.orderNumber, number) : ilike(orders.email, likeEmail));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const current = Math.max(1, Math.floor(page));
  const [rows, [{ total }]] = await Promise.all([
    db.select({ orderNumber: orders.orderNumber, email: orders.email, status: orders.status, total: orders.total, createdAt: orders.createdAt, name: orders.address })
      .from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(DESK_PAGE_SIZE).offset((current - 1) * DESK_PAGE_SIZE),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, name: r.name.name })), total, page: current, pages: Math.max(1, Math.ceil(total / DESK_PAGE_SIZE)) };
}

export async function deskOrderDetail(orderNumber: string) {
  const number = normaliseOrderNumber(orderNumber);
  if (!isOrderNumber(number)) return null;
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, number));
  if (!order) return null;
  const [lines, history, [returnRequest]] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id)),
  ]);
  return { order, lines, history, returnRequest: returnRequest ?? null };
}

export interface MoveInput { to: string; courier?: string; trackingNumber?: string; note?: string }
export type MoveResult = { ok: true } | { ok: false; message: string };

export async function moveOrder(staffName: string, orderNumber: string, input: MoveInput, now = new Date()): Promise<MoveResult> {
  const courier = input.courier?.trim().slice(0, 80) || null;
  const trackingNumber = input.trackingNumber?.trim().slice(0, 80) || null;
  if (needsShipment(input.to) && (!courier || !trackingNumber)) return { ok: false, message: 'Enter the courier and the tracking number to mark the order shipped.' };
  const db = await getDb();
  const result = await db.transaction(async (tx): Promise<MoveResult> => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, normaliseOrderNumber(orderNumber))).for('update');
    if (!order) return { ok: false, message: 'Order not found.' };
    if (!canStaffMove(order.status, input.to)) {
      return { ok: false, message: `An order that is ${statusLabel(order.status).toLowerCase()} cannot be marked ${statusLabel(input.to).toLowerCase()}.` };
    }
    await tx.update(orders).set({ status: input.to, updatedAt: now }).where(eq(orders.id, order.id));
    const note = [input.note?.trim().slice(0, 500), `By ${staffName}`].filter(Boolean).join(' — ');
    await tx.insert(orderStatusHistory).values({ orderId: order.id, status: input.to, note, courier, trackingNumber, createdAt: now });
    await applyStatusEffects(tx, order, input.to, now);
    await enqueueEmail(tx, { kind: `order_${input.to}`, to: order.email, ...orderStatusMail(order, input.to, { courier, trackingNumber }) });
    return { ok: true };
  });
  if (result.ok) kickOutbox();
  return result;
}
