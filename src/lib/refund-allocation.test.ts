import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addUnits,
  type AllocationOrder,
  earnedPointsBack,
  lineShares,
  refundOfReturn,
  worthOf,
} from './refund-allocation';

// The order of issue 19: ₹998 (two lines), 30 % first-order offer −₹299, 10 000 points −₹200, ₹499 paid.
const issueOrder: AllocationOrder = {
  subtotal: 998,
  shipping: 0,
  total: 499,
  pointsRedeemed: 10_000,
  lines: [
    { id: 1, quantity: 1, lineTotal: 549 },
    { id: 2, quantity: 1, lineTotal: 449 },
  ],
};

describe('the allocation rule', () => {
  it('refunds one returned jar at what it cost after the offer and points, and that share of the points', () => {
    // Reduction ₹499 shared by value: 549/998 of it is ₹274.50, so the melatonin cost ₹274.50.
    expect(refundOfReturn(issueOrder, new Map(), new Map([[1, 1]]))).toMatchObject({
      paise: 27_450,
      points: 5_501,
      shippingPaise: 0,
    });
    // The other jar later: the rest of the money and points, exactly.
    expect(refundOfReturn(issueOrder, new Map([[1, 1]]), new Map([[2, 1]]))).toMatchObject({
      paise: 22_450,
      points: 4_499,
    });
  });

  it('gives the shipping back only with the return that completes the order', () => {
    const order: AllocationOrder = {
      subtotal: 300,
      shipping: 50,
      total: 350,
      pointsRedeemed: 0,
      lines: [{ id: 7, quantity: 3, lineTotal: 300 }],
    };
    expect(refundOfReturn(order, new Map(), new Map([[7, 2]]))).toMatchObject({ paise: 20_000, shippingPaise: 0 });
    expect(refundOfReturn(order, new Map([[7, 2]]), new Map([[7, 1]]))).toMatchObject({
      paise: 15_000,
      shippingPaise: 5_000,
    });
  });

  it('refuses more units than were bought', () => {
    expect(() => worthOf(issueOrder, new Map([[1, 2]]))).toThrow();
    expect(() => worthOf(issueOrder, new Map([[3, 1]]))).toThrow();
  });

  it('takes back earned points in proportion to the money refunded', () => {
    expect(earnedPointsBack(2495, 27_450, 49_900)).toBe(1372);
    expect(earnedPointsBack(2495, 49_900, 49_900)).toBe(2495);
    expect(earnedPointsBack(0, 100, 49_900)).toBe(0);
  });
});

/** A stored order as the quote makes it: lines, one reduction (offer and points) within the goods, shipping. */
const orders = fc
  .array(fc.record({ quantity: fc.integer({ min: 1, max: 6 }), unitPrice: fc.integer({ min: 1, max: 5_000 }) }), {
    minLength: 1,
    maxLength: 5,
  })
  .chain((raw) => {
    const lines = raw.map((l, i) => ({ id: i + 11, quantity: l.quantity, lineTotal: l.quantity * l.unitPrice }));
    const subtotal = lines.reduce((s, l) => s + l.lineTotal, 0);
    return fc
      .record({
        discount: fc.integer({ min: 0, max: subtotal }),
        pointsRupees: fc.nat(),
        shipping: fc.constantFrom(0, 50),
      })
      .map(({ discount, pointsRupees, shipping }) => {
        const points = Math.min(pointsRupees, subtotal - discount);
        return {
          subtotal,
          shipping,
          total: subtotal - discount - points + shipping,
          pointsRedeemed: points * 50,
          lines,
        } satisfies AllocationOrder;
      });
  });

/** The order with a sequence of returns: each takes some of the units still with the customer. */
const ordersWithReturns = orders.chain((order) =>
  fc
    .array(fc.array(fc.nat(), { minLength: order.lines.length, maxLength: order.lines.length }), { maxLength: 4 })
    .map((picks) => {
      const left = new Map(order.lines.map((l) => [l.id, l.quantity]));
      const returns = picks.map(
        (pick) =>
          new Map(
            order.lines.map((l, i) => {
              const units = pick[i] % ((left.get(l.id) ?? 0) + 1);
              left.set(l.id, left.get(l.id)! - units);
              return [l.id, units] as [number, number];
            }),
          ),
      );
      return { order, returns };
    }),
);

describe('the allocation rule over generated orders', () => {
  it('adds the lines up to what was paid for the goods, and each line to at most its price', () => {
    fc.assert(
      fc.property(orders, (order) => {
        const shares = lineShares(order);
        expect(shares.reduce((s, l) => s + l.value, 0)).toBe((order.total - order.shipping) * 100);
        expect(shares.reduce((s, l) => s + l.points, 0)).toBe(order.pointsRedeemed);
        for (const [i, share] of shares.entries()) {
          expect(share.value).toBeGreaterThanOrEqual(0);
          expect(share.value).toBeLessThanOrEqual(order.lines[i].lineTotal * 100);
        }
      }),
    );
  });

  it('never refunds more than was paid or more points than were spent, and returns everything once everything came back', () => {
    fc.assert(
      fc.property(ordersWithReturns, ({ order, returns }) => {
        let returned = new Map<number, number>();
        let paise = 0;
        let points = 0;
        for (const units of returns) {
          const refund = refundOfReturn(order, returned, units);
          // Monotonic: a return never takes money or points away.
          expect(refund.paise).toBeGreaterThanOrEqual(0);
          expect(refund.points).toBeGreaterThanOrEqual(0);
          for (const line of refund.lines) expect(line.paise).toBeGreaterThanOrEqual(0);
          paise += refund.paise;
          points += refund.points;
          returned = new Map(order.lines.map((l) => [l.id, (returned.get(l.id) ?? 0) + (units.get(l.id) ?? 0)]));
          // Returns add up to the worth of everything returned so far, whatever their order.
          expect({ paise, points }).toEqual(worthOf(order, returned));
          expect(paise).toBeLessThanOrEqual(order.total * 100);
          expect(points).toBeLessThanOrEqual(order.pointsRedeemed);
        }
        const rest = new Map(order.lines.map((l) => [l.id, l.quantity - (returned.get(l.id) ?? 0)]));
        const last = refundOfReturn(order, returned, rest);
        expect(paise + last.paise).toBe(order.total * 100);
        expect(points + last.points).toBe(order.pointsRedeemed);
      }),
    );
  });

  it('refunds more, never less, for more units returned, and points in proportion to the units', () => {
    fc.assert(
      fc.property(ordersWithReturns, fc.nat(), ({ order, returns }, seed) => {
        const some = returns[0] ?? new Map();
        const more = new Map(
          order.lines.map((l, i) => [l.id, Math.min(l.quantity, (some.get(l.id) ?? 0) + ((seed >> i) & 1))]),
        );
        const [a, b] = [worthOf(order, some), worthOf(order, more)];
        expect(b.paise).toBeGreaterThanOrEqual(a.paise);
        expect(b.points).toBeGreaterThanOrEqual(a.points);
        // Each line's units give back their share of the points by the line's price, within a point of
        // rounding (one in sharing the points over the lines, one in taking the units' part).
        for (const l of order.lines) {
          const units = some.get(l.id) ?? 0;
          const back = worthOf(order, new Map([[l.id, units]])).points;
          const exact = (order.pointsRedeemed * l.lineTotal * units) / (order.subtotal * l.quantity);
          expect(Math.abs(back - exact), `line ${l.id}`).toBeLessThan(2);
        }
      }),
    );
  });

  it('gives points back in the proportion the money goes back: points returned / spent ≈ paise refunded / paid', () => {
    fc.assert(
      fc.property(ordersWithReturns, ({ order, returns }) => {
        const spent = order.pointsRedeemed;
        const paid = (order.total - order.shipping) * 100; // the goods' paise (shipping is apart)
        fc.pre(spent > 0 && paid > 0);
        // The points matching `paise` of the goods' money, and how far rounding may take them from it: under
        // a point and a paisa's worth of points for each line counted (each line rounds its points and paise).
        const matching = (paise: number) => (spent * paise) / paid;
        const slack = (lines: number) => lines * (2 + (2 * spent) / paid);
        let returned = new Map<number, number>();
        for (const units of [...returns, new Map(order.lines.map((l) => [l.id, l.quantity]))]) {
          const wanted = new Map(
            order.lines.map((l) => [l.id, Math.min(units.get(l.id) ?? 0, l.quantity - (returned.get(l.id) ?? 0))]),
          );
          const refund = refundOfReturn(order, returned, wanted);
          // Line by line (the credit note's lines) …
          for (const line of refund.lines)
            expect(Math.abs(line.points - matching(line.paise)), `line ${line.id}`).toBeLessThan(slack(1));
          // … and the return as a whole, across its lines.
          const goodsPaise = refund.paise - refund.shippingPaise;
          expect(Math.abs(refund.points - matching(goodsPaise))).toBeLessThan(slack(Math.max(1, refund.lines.length)));
          returned = addUnits(returned, wanted);
        }
      }),
      { numRuns: 300 },
    );
  });
});
