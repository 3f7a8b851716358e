// Reading, cancelling and tracking orders. Every read checks who may see the order: its signed-in
// owner, or someone holding the order's signed link; anyone else is told it does not exist.
import { asc, desc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { orderLines, orders, orderStatusHistory, returns } from '../../db/schema';
import type { SessionUser } from '../auth/session.server';
import { zoneOfPin } from '../delivery/delivery.server';
import { applyMove, type MoveResult, type OrderRow, type ReturnRow } from './apply-move.server';
import { deliveredAt } from './lifecycle';
import { linesOfReturns, type ReturnLineRow } from './refunds.server';
import { isValidOrderAccessToken } from './order-access.server';
import { isOrderNumber, normaliseOrderNumber } from './order-number';
import { storeHolidays } from './store-holidays.server';
import { type DeliveryEstimate, deliveryEstimate, trackingStages, type TrackingStage } from './tracking';
import { parcelLinker } from '../couriers/couriers.server';

export { CANCEL_REFUSED } from './apply-move.server';
export type { OrderRow };
export interface OrderDetail {
  order: OrderRow;
  lines: (typeof orderLines.$inferSelect)[];
  history: (typeof orderStatusHistory.$inferSelect)[];
  /** The order's return requests, newest first. */
  returns: ReturnRow[];
  /** The units each return sends back. */
  returnLines: ReturnLineRow[];
}

/** Who is asking: the signed-in customer, and/or the token from an order link. */
export interface OrderViewer {
  customer: Pick<SessionUser, 'id'> | null;
  token?: string | null;
}

export function mayView(order: Pick<OrderRow, 'customerId' | 'orderNumber' | 'email'>, viewer: OrderViewer): boolean {
  if (viewer.customer && order.customerId === viewer.customer.id) return true;
  return isValidOrderAccessToken(viewer.token, order.orderNumber, order.email);
}

export async function findOrder(orderNumber: string) {
  const number = normaliseOrderNumber(orderNumber);
  if (!isOrderNumber(number)) return null;
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, number)).limit(1);
  return order ?? null;
}

/** The order's lines and history (oldest first), its returns (newest first) and their lines. */
export async function orderParts(orderId: number): Promise<Omit<OrderDetail, 'order'>> {
  const db = await getDb();
  const [lines, history, returnRows] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(desc(returns.createdAt), desc(returns.id)),
  ]);
  return {
    lines,
    history,
    returns: returnRows,
    returnLines: await linesOfReturns(
      db,
      returnRows.map((r) => r.id),
    ),
  };
}

/** The order with its lines and history, or null when it does not exist or the viewer may not see it. */
export async function getOrderDetail(orderNumber: string, viewer: OrderViewer): Promise<OrderDetail | null> {
  const order = await findOrder(orderNumber);
  if (!order || !mayView(order, viewer)) return null;
  return { order, ...(await orderParts(order.id)) };
}

/** /orders: the customer's orders, newest first (spec §7). */
export async function listCustomerOrders(customerId: string) {
  const db = await getDb();
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      total: orders.total,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** The customer cancels (12 h, before shipping); null when the viewer may not see the order. */
export async function cancelOrder(
  orderNumber: string,
  viewer: OrderViewer,
  now = new Date(),
): Promise<MoveResult | null> {
  const found = await findOrder(orderNumber);
  if (!found || !mayView(found, viewer)) return null;
  return applyMove(found.id, 'cancel_by_customer', { now });
}

/** The customer confirms their cash-on-delivery order themselves (through the link in its mail). */
export async function confirmOrderByCustomer(
  orderNumber: string,
  viewer: OrderViewer,
  now = new Date(),
): Promise<MoveResult | null> {
  const found = await findOrder(orderNumber);
  if (!found || !mayView(found, viewer)) return null;
  return applyMove(found.id, 'confirm_by_customer', { now });
}

export interface TrackingResult {
  orderNumber: string;
  status: string;
  placedAt: Date;
  stages: TrackingStage[];
  estimate: DeliveryEstimate;
  courier: string | null;
  trackingNumber: string | null;
  /** The parcel's page on its courier's site (the desk's courier list), when there is one. */
  parcelUrl: string | null;
}

/** Track order: the order ID (any case) and its email must both match; otherwise null, whichever was wrong. */
export async function trackOrder(orderId: string, email: string, now = new Date()): Promise<TrackingResult | null> {
  const order = await findOrder(orderId);
  if (!order || order.email !== email.trim().toLowerCase()) return null;
  const [{ history }, holidays, linkParcel] = await Promise.all([
    orderParts(order.id),
    storeHolidays(order.createdAt),
    getDb().then(parcelLinker),
  ]);
  const shipment = history.findLast((h) => h.trackingNumber);
  const movedAt = (move: string) => history.find((h) => h.move === move)?.createdAt ?? null;
  const estimate = deliveryEstimate(
    {
      status: order.status,
      placedAt: order.createdAt,
      confirmedAt: movedAt('confirm'),
      shippedAt: movedAt('ship'),
      outForDeliveryAt: movedAt('out_for_delivery'),
      deliveredAt: deliveredAt(history),
      zone: zoneOfPin(order.address.pin),
    },
    now,
    holidays,
  );
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    placedAt: order.createdAt,
    stages: trackingStages(history),
    estimate,
    courier: shipment?.courier ?? null,
    trackingNumber: shipment?.trackingNumber ?? null,
    parcelUrl: linkParcel(shipment?.courier, shipment?.trackingNumber),
  };
}
