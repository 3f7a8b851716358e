// Reading, cancelling and tracking orders. Every read checks who may see the order: its signed-in
// owner, or someone holding the order's signed link; anyone else is told it does not exist.
import { asc, desc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { orderLines, orders, orderStatusHistory } from '../../db/schema';
import { canCancel, deliveryEstimate, isOrderNumber, normaliseOrderNumber, trackingStages, type TrackingStage } from '../../lib/orders';
import { enqueueEmail, kickOutbox } from '../email/outbox.server';
import type { Customer } from './checkout.server';
import { applyStatusEffects } from '../admin/order-effects.server';
import { isValidOrderAccessToken } from './order-access.server';
import { orderCancelledMail } from './order-mail';

export type OrderRow = typeof orders.$inferSelect;
export interface OrderDetail {
  order: OrderRow;
  lines: (typeof orderLines.$inferSelect)[];
  history: (typeof orderStatusHistory.$inferSelect)[];
}

/** Who is asking: the signed-in customer, and/or the token from an order link. */
export interface OrderViewer { customer: Pick<Customer, 'id'> | null; token?: string | null }

export function mayView(order: Pick<OrderRow, 'customerId' | 'orderNumber' | 'email'>, viewer: OrderViewer): boolean {
  if (viewer.customer && order.customerId === viewer.customer.id) return true;
  return isValidOrderAccessToken(viewer.token, order.orderNumber, order.email);
}

async function findOrder(orderNumber: string) {
  const number = normaliseOrderNumber(orderNumber);
  if (!isOrderNumber(number)) return null;
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, number)).limit(1);
  return order ?? null;
}

/** The order with its lines and history, or null when it does not exist or the viewer may not see it. */
export async function getOrderDetail(orderNumber: string, viewer: OrderViewer): Promise<OrderDetail | null> {
  const order = await findOrder(orderNumber);
  if (!order || !mayView(order, viewer)) return null;
  const db = await getDb();
  const [lines, history] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  return { order, lines, history };
}

/** /orders: the customer's orders, newest first (spec §7). */
export async function listCustomerOrders(customerId: string) {
  const db = await getDb();
  return db.select({ id: orders.id, orderNumber: orders.orderNumber, total: orders.total, status: orders.status, createdAt: orders.createdAt })
    .from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.createdAt), desc(orders.id));
}

export type CancelResult = { ok: true } | { ok: false; message: string };
export const CANCEL_REFUSED = 'This order can no longer be cancelled: orders can be cancelled within 12 hours of placing and before they ship.';

/** The customer cancels: status, history row, stock back on the shelf and a mail, all in one transaction. */
export async function cancelOrder(orderNumber: string, viewer: OrderViewer, now = new Date()): Promise<CancelResult | null> {
  const found = await findOrder(orderNumber);
  if (!found || !mayView(found, viewer)) return null;
  const db = await getDb();
  const result = await db.transaction(async (tx): Promise<CancelResult> => {
    // Locked, so a cancel and a staff 'shipped' cannot both win.
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.id)).for('update');
    if (!canCancel(order, now)) return { ok: false, message: CANCEL_REFUSED };
    await tx.update(orders).set({ status: 'cancelled', updatedAt: now }).where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({ orderId: order.id, status: 'cancelled', note: 'Cancelled by the customer.', createdAt: now });
    await applyStatusEffects(tx, order, 'cancelled', now); // stock back, points taken back / returned
    await enqueueEmail(tx, { kind: 'order_cancelled', to: order.email, ...orderCancelledMail(order) });
    return { ok: true };
  });
  if (result.ok) kickOutbox();
  return result;
}

export interface TrackingResult {
  orderNumber: string;
  status: string;
  placedAt: Date;
  stages: TrackingStage[];
  estimate: { from: Date; to: Date };
  courier: string | null;
  trackingNumber: string | null;
}

/** Track order: the order ID (any case) and its email must both match; otherwise null, whichever was wrong. */
export async function trackOrder(orderId: string, email: string): Promise<TrackingResult | null> {
  const order = await findOrder(orderId);
  if (!order || order.email !== email.trim().toLowerCase()) return null;
  const db = await getDb();
  const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
  const shipment = history.findLast((h) => h.trackingNumber);
  return {
    orderNumber: order.orderNumber, status: order.status, placedAt: order.createdAt, stages: trackingStages(history),
    estimate: deliveryEstimate(order.createdAt), courier: shipment?.courier ?? null, trackingNumber: shipment?.trackingNumber ?? null,
  };
}

