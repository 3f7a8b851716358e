// The sales report on a real database: known orders placed at known instants around Indian midnight,
// in known states (cash on delivery, and paid online through the built-in test gateway: paid, still
// awaiting payment, paid too late), and the figures the owner should read for today, 7 and 30 days.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { getDb } from '../../../db/client';
import { orderLines, orders, orderStatusHistory, productStock } from '../../../db/schema';
import { cartWith } from '../../../../tests/support/carts';
import { placeOrder } from '../../checkout/checkout.server';
import { MOVE_NAMES, MOVES } from '../../orders/lifecycle';
import type { OrderStatus } from '../../orders/status';
import { type OnlineOutcome, placeOnlineTestOrder } from '../../../../tests/support/online-orders';
import { parseRange, salesReport } from './reports.server';
import { TEST_ADDRESS } from '../../../../tests/support/test-address';

const NOW = new Date('2026-11-25T10:00:00Z'); // 15:30 IST on 25 November
const address = TEST_ADDRESS;
let keys = 0;

/** Places a real order, then dates it and walks it through `history` (the last entry is its status). */
async function seededOrder(productId: number, quantity: number, createdAt: string, history: OrderStatus[] = []) {
  const cart = await cartWith([{ productId, quantity }]);
  const placed = await placeOrder(
    {
      email: `report-${++keys}@example.in`,
      phone: '9876543210',
      address,
      usePoints: false,
      expectedTotal: null,
      idempotencyKey: `report-test-key-${keys}-${Date.now()}`,
    },
    cart,
    null,
  );
  if (!placed.ok) throw new Error(placed.message);
  const db = await getDb();
  const [order] = await db
    .update(orders)
    .set({ createdAt: new Date(createdAt), status: history.at(-1) ?? 'pending' })
    .where(eq(orders.orderNumber, placed.orderNumber))
    .returning();
  for (const status of history) {
    // The staff move that leads to this status (history rows name their move).
    const move = MOVE_NAMES.find((name) => MOVES[name].by === 'staff' && MOVES[name].to === status)!;
    await db.insert(orderStatusHistory).values({ orderId: order.id, status, move });
  }
  return order;
}

/** An order paid online (tests/support/online-orders.ts), then dated. */
async function seededOnlineOrder(productId: number, quantity: number, createdAt: string, outcome: OnlineOutcome) {
  const placed = await placeOnlineTestOrder(`report-online-${++keys}@example.in`, outcome, { productId, quantity });
  const db = await getDb();
  const [order] = await db
    .update(orders)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(orders.id, placed.id))
    .returning();
  return order;
}

const sum = (...values: number[]) => values.reduce((a, b) => a + b, 0);
let o: Record<string, Awaited<ReturnType<typeof seededOrder>>>;

beforeAll(async () => {
  o = {
    todayDelivered: await seededOrder(2, 2, '2026-11-25T00:00:00Z', ['confirmed', 'shipped', 'delivered']),
    todayCancelledAfterConfirm: await seededOrder(2, 1, '2026-11-24T18:31:00Z', ['confirmed', 'cancelled']), // 00:01 IST on the 25th
    todayCancelledUnconfirmed: await seededOrder(4, 5, '2026-11-25T09:59:00Z', ['cancelled']),
    yesterdayPending: await seededOrder(3, 1, '2026-11-24T18:29:00Z'), // 23:59 IST on the 24th: under a day old
    overduePending: await seededOrder(3, 1, '2026-11-24T09:00:00Z'), // pending for 25 hours: counts as not confirmed
    // Released first, then the order awaiting payment (a release would take it too).
    weekPaidLate: await seededOnlineOrder(4, 1, '2026-11-22T06:00:00Z', 'late'),
    todayPaidOnline: await seededOnlineOrder(2, 1, '2026-11-25T04:00:00Z', 'paid'),
    todayAwaitingOnline: await seededOnlineOrder(4, 1, '2026-11-25T09:30:00Z', 'awaiting'),
    weekCancelled: await seededOrder(5, 1, '2026-11-20T05:00:00Z', ['cancelled']),
    monthConfirmed: await seededOrder(6, 1, '2026-11-18T18:29:00Z', ['confirmed']), // 23:59 IST on the 18th: outside 7 days
    monthFirstDayPending: await seededOrder(3, 3, '2026-10-26T18:30:00Z'), // 00:00 IST on 27 October: the 30th day back
    tooOld: await seededOrder(2, 1, '2026-10-26T18:29:00Z', ['confirmed', 'delivered']),
  };
}, 120_000);

describe('sales report (real database)', () => {
  it('today: Indian midnight divides the days; cancelled orders and orders awaiting payment count as orders but not as revenue', async () => {
    const report = await salesReport('today', NOW);
    expect([report.firstDay, report.lastDay]).toEqual(['2026-11-25', '2026-11-25']);
    const revenue = sum(o.todayDelivered.total, o.todayPaidOnline.total);
    const codValue = sum(o.todayDelivered.total, o.todayCancelledAfterConfirm.total);
    expect(report.totals).toEqual({
      orders: 5,
      revenue,
      averageOrderValue: Math.round(revenue / 2),
      decided: 3,
      confirmed: 2,
      confirmationRate: 66.7,
      prepaidOrders: 1,
      prepaidValue: o.todayPaidOnline.total,
      codOrders: 2,
      codValue,
      prepaidShare: 33.3,
      prepaidValueShare: Math.round((1000 * o.todayPaidOnline.total) / (o.todayPaidOnline.total + codValue)) / 10,
    });
    expect(report.daily).toEqual([{ day: '2026-11-25', ...report.totals }]);
    expect(report.topProducts).toEqual([expect.objectContaining({ productId: 2, units: 3 })]);
  });

  it('the COD confirmation rate leaves out orders paid online and COD orders pending for less than a day', async () => {
    const { totals } = await salesReport('7d', NOW);
    // Judged: delivered, cancelled after confirming, cancelled unconfirmed, pending 25 hours, cancelled on the 20th.
    expect(totals).toMatchObject({ decided: 5, confirmed: 2, confirmationRate: 40 });
    // A day later the order pending since 23:59 IST on the 24th counts too, as not confirmed.
    const later = await salesReport('7d', new Date('2026-11-25T18:29:00Z'));
    expect(later.totals).toMatchObject({ decided: 6, confirmed: 2, confirmationRate: 33.3 });
  });

  it('7 days: pending orders count as revenue, a payment that came too late does not; empty days are listed', async () => {
    const report = await salesReport('7d', NOW);
    expect([report.firstDay, report.lastDay]).toEqual(['2026-11-19', '2026-11-25']);
    const revenue = sum(
      o.todayDelivered.total,
      o.todayPaidOnline.total,
      o.yesterdayPending.total,
      o.overduePending.total,
    );
    expect(report.totals).toMatchObject({
      orders: 9,
      revenue,
      averageOrderValue: Math.round(revenue / 4),
      decided: 5,
      confirmed: 2,
      confirmationRate: 40,
      // The order paid after its release is neither prepaid nor COD: it never went ahead.
      prepaidOrders: 1,
      codOrders: 2,
      prepaidShare: 33.3,
    });
    expect(report.daily.map((d) => [d.day, d.orders, d.revenue, d.prepaidOrders, d.codOrders])).toEqual([
      ['2026-11-19', 0, 0, 0, 0],
      ['2026-11-20', 1, 0, 0, 0],
      ['2026-11-21', 0, 0, 0, 0],
      ['2026-11-22', 1, 0, 0, 0],
      ['2026-11-23', 0, 0, 0, 0],
      ['2026-11-24', 2, o.yesterdayPending.total + o.overduePending.total, 0, 0],
      ['2026-11-25', 5, o.todayDelivered.total + o.todayPaidOnline.total, 1, 2],
    ]);
    expect(report.daily[0]).toMatchObject({
      averageOrderValue: null,
      confirmationRate: null,
      prepaidShare: null,
      prepaidValueShare: null,
    });
    // The 24th: one COD order judged (pending 25 hours, not confirmed), the newer one left out.
    expect(report.daily[5]).toMatchObject({ decided: 1, confirmed: 0, confirmationRate: 0 });

    const db = await getDb();
    const lines = await db
      .select()
      .from(orderLines)
      .where(
        inArray(orderLines.orderId, [
          o.todayDelivered.id,
          o.todayPaidOnline.id,
          o.yesterdayPending.id,
          o.overduePending.id,
        ]),
      );
    const lineTotal = (productId: number) =>
      sum(...lines.filter((l) => l.productId === productId).map((l) => l.lineTotal));
    expect(report.topProducts).toEqual([
      expect.objectContaining({ productId: 2, units: 3, revenue: lineTotal(2) }),
      expect.objectContaining({ productId: 3, units: 2, revenue: lineTotal(3) }),
    ]);
  });

  it('30 days: from 00:00 IST on the 30th day back, not a minute earlier', async () => {
    const report = await salesReport('30d', NOW);
    expect([report.firstDay, report.lastDay]).toEqual(['2026-10-27', '2026-11-25']);
    expect(report.daily).toHaveLength(30);
    const revenue = sum(
      o.todayDelivered.total,
      o.todayPaidOnline.total,
      o.yesterdayPending.total,
      o.overduePending.total,
      o.monthConfirmed.total,
      o.monthFirstDayPending.total,
    );
    const codValue = sum(o.todayDelivered.total, o.todayCancelledAfterConfirm.total, o.monthConfirmed.total);
    expect(report.totals).toEqual({
      orders: 11,
      revenue,
      averageOrderValue: Math.round(revenue / 6),
      decided: 7,
      confirmed: 3,
      confirmationRate: 42.9,
      prepaidOrders: 1,
      prepaidValue: o.todayPaidOnline.total,
      codOrders: 3,
      codValue,
      prepaidShare: 25,
      prepaidValueShare: Math.round((1000 * o.todayPaidOnline.total) / (o.todayPaidOnline.total + codValue)) / 10,
    });
    expect(report.topProducts.map((p) => [p.productId, p.units])).toEqual([
      [3, 5],
      [2, 3],
      [6, 1],
    ]);
  });

  it('low stock lists products with 5 packs or fewer, fewest first', async () => {
    const db = await getDb();
    for (const [productId, quantity] of [
      [7, 3],
      [8, 5],
      [9, 6],
    ])
      await db.update(productStock).set({ quantity }).where(eq(productStock.productId, productId));
    const { lowStock } = await salesReport('today', NOW);
    expect(lowStock.find((p) => p.productId === 7)?.quantity).toBe(3);
    expect(lowStock.find((p) => p.productId === 8)?.quantity).toBe(5);
    expect(lowStock.some((p) => p.productId === 9)).toBe(false);
    expect(lowStock.every((p) => p.quantity <= 5)).toBe(true);
    expect(lowStock.map((p) => p.quantity)).toEqual([...lowStock.map((p) => p.quantity)].sort((a, b) => a - b));
  });

  it('an unknown range falls back to 7 days', () => {
    expect(parseRange('today')).toBe('today');
    expect(parseRange('365d')).toBe('7d');
    expect(parseRange('__proto__')).toBe('7d');
    expect(parseRange(null)).toBe('7d');
  });
});
