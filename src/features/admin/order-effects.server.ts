// What a status change does besides the status: stock back on the shelf, points taken back or
// returned, the referrer's thank-you coupon. Called inside the status change's transaction.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, productStock } from '../../db/schema';
import { restocks, reversesPoints } from '../../lib/order-desk';
import { reverseOrderPoints, rewardReferrerOnDelivery } from '../rewards/rewards.server';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The packs of an order back in stock (lines in product order, so concurrent restocks never deadlock). */
export async function restockOrder(tx: Tx, orderId: number, now: Date) {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.productId));
  for (const line of lines) {
    await tx.update(productStock).set({ quantity: sql`${productStock.quantity} + ${line.months * line.quantity}`, updatedAt: now })
      .where(eq(productStock.productId, line.productId));
  }
}

export async function applyStatusEffects(tx: Tx, order: { id: number; customerId: string | null }, to: string, now: Date) {
  if (restocks(to)) await restockOrder(tx, order.id, now);
  if (reversesPoints(to)) await reverseOrderPoints(tx, order.id);
  if (to === 'delivered') await rewardReferrerOnDelivery(tx, order.customerId);
}
