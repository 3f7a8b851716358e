// What returns send back and what they are worth, read from the database for the allocation rule
// (lib/refund-allocation.ts): the units each return holds, the units still with the customer, and the
// refund and points a return gives back after the returns refunded before it.
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderLines, type orders, returnLines, returns } from '../../db/schema';
import { addUnits, type AllocationOrder, refundOfReturn, worthOf } from '../../lib/refund-allocation';

type Reader = Tx | Db;
// Not imported from apply-move.server, which imports this module.
type OrderRow = typeof orders.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;

/** Units per order line held by the order's returns in these statuses (or not in them, `except`). */
async function unitsIn(db: Reader, orderId: number, statuses: { only?: string[]; except?: string; returnId?: number }) {
  const rows = await db
    .select({ orderLineId: returnLines.orderLineId, quantity: returnLines.quantity })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(
      and(
        eq(returns.orderId, orderId),
        statuses.only ? inArray(returns.status, statuses.only as (typeof returns.$inferSelect.status)[]) : undefined,
        statuses.except ? ne(returns.status, statuses.except as typeof returns.$inferSelect.status) : undefined,
        statuses.returnId ? eq(returns.id, statuses.returnId) : undefined,
      ),
    );
  const units = new Map<number, number>();
  for (const row of rows) units.set(row.orderLineId, (units.get(row.orderLineId) ?? 0) + row.quantity);
  return units;
}

/** Units of each line already sent back or on their way (returns not declined). */
export const unitsReturned = (db: Reader, orderId: number) => unitsIn(db, orderId, { except: 'declined' });

/** The order in the rule's terms, its lines in id order (as on its invoice). */
export async function allocationOrder(db: Reader, order: OrderRow): Promise<AllocationOrder> {
  const lines = await db
    .select({ id: orderLines.id, quantity: orderLines.quantity, lineTotal: orderLines.lineTotal })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  return {
    subtotal: order.subtotal,
    shipping: order.shipping,
    total: order.total,
    pointsRedeemed: order.pointsRedeemed,
    lines,
  };
}

/**
 * What a return gives back by the rule: its units' worth once counted with the returns refunded
 * before it (per line, with the shipping if it completes the order), the paise refunded before, and
 * the spent points the refunded units are worth once it is counted.
 */
export async function refundOfOrderReturn(db: Reader, order: OrderRow, returnId: number) {
  // One query after another: inside a transaction they share its connection.
  const allocation = await allocationOrder(db, order);
  const earlier = await unitsIn(db, order.id, { only: ['refunded'] });
  const returning = await unitsIn(db, order.id, { returnId });
  const refunded = await db
    .select({ paise: returns.refundPaise })
    .from(returns)
    .where(and(eq(returns.orderId, order.id), eq(returns.status, 'refunded')));
  return {
    allocation,
    ...refundOfReturn(allocation, earlier, returning),
    pointsAfter: worthOf(allocation, addUnits(earlier, returning)).points,
    refundedBeforePaise: refunded.reduce((sum, r) => sum + (r.paise ?? 0), 0),
  };
}

/** The lines of these returns. */
export async function linesOfReturns(db: Reader, returnIds: number[]): Promise<ReturnLineRow[]> {
  if (!returnIds.length) return [];
  return db.select().from(returnLines).where(inArray(returnLines.returnId, returnIds)).orderBy(asc(returnLines.id));
}

/**
 * SQL: the paise the store kept of the order `o` (an alias in the caller's query): its total less what
 * was refunded. A cancelled order kept nothing. Reports and the customers desk count this.
 */
export const keptPaiseOf = (o: SQL): SQL => sql`(case when ${o}.status = 'cancelled' then 0
  else ${o}.total * 100 - coalesce((select sum(r.refund_paise) from returns r where r.order_id = ${o}.id), 0) end)`;
