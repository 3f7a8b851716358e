// The sales report on a real database: known orders placed at known instants around Indian midnight,
// in known states, and the figures the owner should read for today, 7 and 30 days.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { getDb } from '../../../db/client';
import { orderLines, orders, orderStatusHistory, productStock } from '../../../db/schema';
import { cartWith } from '../../../../tests/support/carts';
import { placeOrder } from '../../checkout/checkout.server';
import { MOVE_NAMES, MOVES } from '../../orders/lifecycle';
import type { OrderStatus } from '../../orders/status';
import { parseRange, salesReport } from './reports.server';

const NOW = new Date('2026-11-25T10:00:00Z'); // 15:30 IST on 25 November
const address = {
  name: 'Meera Iyer',
  line1: '12 Ganga Vihar',
  line2: '',
  city: 'Haridwar',
  state: 'Uttarakhand',
  pin: '249401',
};
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

const sum = (...values: number[]) => values.reduce((a, b) => a + b, 0);
let o: Record<string, Awaited<ReturnType<typeof seededOrder>>>;

beforeAll(async () => {
  o = {
    todayDelivered: await seededOrder(2, 2, '2026-11-25T00:00:00Z', ['confirmed', 'shipped', 'delivered']),
    todayCancelledAfterConfirm: await seededOrder(2, 1, '2026-11-24T18:31:00Z', ['confirmed', 'cancelled']), // 00:01 IST on the 25th
    todayCancelledUnconfirmed: await seededOrder(4, 5, '2026-11-25T09:59:00Z', ['cancelled']),
    yesterdayPending: await seededOrder(3, 1, '2026-11-24T18:29:00Z'), // 23:59 IST on the 24th
    weekCancelled: await seededOrder(5, 1, '2026-11-20T05:00:00Z', ['cancelled']),
    monthConfirmed: await seededOrder(6, 1, '2026-11-18T18:29:00Z', ['confirmed']), // 23:59 IST on the 18th: outside 7 days
    monthFirstDayPending: await seededOrder(3, 3, '2026-10-26T18:30:00Z'), // 00:00 IST on 27 October: the 30th day back
    tooOld: await seededOrder(2, 1, '2026-10-26T18:29:00Z', ['confirmed', 'delivered']),
  };
}, 120_000);

describe('sales report (real database)', () => {
  it('today: Indian midnight divides the days; cancelled orders count as orders but not as revenue', async () => {
    const report = await salesReport('today', NOW);
    expect([report.firstDay, report.lastDay]).toEqual(['2026-11-25', '2026-11-25']);
    const revenue = o.todayDelivered.total;
    expect(report.totals).toEqual({
      orders: 3,
      revenue,
      averageOrderValue: revenue,
      decided: 3,
      confirmed: 2,
      confirmationRate: 66.7,
    });
    expect(report.daily).toEqual([{ day: '2026-11-25', ...report.totals }]);
    expect(report.topProducts).toEqual([expect.objectContaining({ productId: 2, units: 2 })]);
  });

  it('7 days: pending orders count as revenue and are left out of the confirmation rate; empty days are listed', async () => {
    const report = await salesReport('7d', NOW);
    expect([report.firstDay, report.lastDay]).toEqual(['2026-11-19', '2026-11-25']);
    const revenue = sum(o.todayDelivered.total, o.yesterdayPending.total);
    expect(report.totals).toEqual({
      orders: 5,
      revenue,
      averageOrderValue: Math.round(revenue / 2),
      decided: 4,
      confirmed: 2,
      confirmationRate: 50,
    });
    expect(report.daily.map((d) => [d.day, d.orders, d.revenue])).toEqual([
      ['2026-11-19', 0, 0],
      ['2026-11-20', 1, 0],
      ['2026-11-21', 0, 0],
      ['2026-11-22', 0, 0],
      ['2026-11-23', 0, 0],
      ['2026-11-24', 1, o.yesterdayPending.total],
      ['2026-11-25', 3, o.todayDelivered.total],
    ]);
    expect(report.daily[0]).toMatchObject({ averageOrderValue: null, confirmationRate: null });

    const db = await getDb();
    const lines = await db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, [o.todayDelivered.id, o.yesterdayPending.id]));
    const lineTotal = (productId: number) =>
      sum(...lines.filter((l) => l.productId === productId).map((l) => l.lineTotal));
    expect(report.topProducts).toEqual([
      expect.objectContaining({ productId: 2, units: 2, revenue: lineTotal(2) }),
      expect.objectContaining({ productId: 3, units: 1, revenue: lineTotal(3) }),
    ]);
  });

  it('30 days: from 00:00 IST on the 30th day back, not a minute earlier', async () => {
    const report = await salesReport('30d', NOW);
    expect([report.firstDay, report.lastDay]).toEqual(['2026-10-27', '2026-11-25']);
    expect(report.daily).toHaveLength(30);
    const revenue = sum(
      o.todayDelivered.total,
      o.yesterdayPending.total,
      o.monthConfirmed.total,
      o.monthFirstDayPending.total,
    );
    expect(report.totals).toEqual({
      orders: 7,
      revenue,
      averageOrderValue: Math.round(revenue / 4),
      decided: 5,
      confirmed: 3,
      confirmationRate: 60,
    });
    expect(report.topProducts.map((p) => [p.productId, p.units])).toEqual([
      [3, 4],
      [2, 2],
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
