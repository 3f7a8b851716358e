// The one allocation rule for money going back out (docs/decisions/0073-returns-by-line-and-one-allocation-rule.md):
// what each order line cost after the order's offer, discount code and reward points, to the paisa,
// and so what any set of returned units is worth. The GST invoice splits its lines by the same rule,
// so a credit note for returned lines never credits a line more than it was invoiced. Pure.
//
// - The order's reduction (subtotal + shipping − total: the discount and the points' rupee value) is
//   shared over the lines by their value, largest remainder first, in paise: the lines' values add up
//   to what was paid for the goods exactly.
// - Returned units of a line are worth floor(value × returned / bought), counted over every unit of the
//   line returned so far: the last unit takes the rounding, so a line returned unit by unit adds up to
//   its value, and a later return never gives back less than its units' share.
// - Shipping comes back only with the return that completes the whole order (Refunds policy §8).
// - The points spent are shared over the lines the same way; returned units give back their share.

/** Shares `amount` out over `weights` in proportion, largest remainders first, so the shares add up exactly. */
export function apportion(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0 || amount === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * w) / sum));
  let left = amount - shares.reduce((s, v) => s + v, 0);
  const order = weights.map((w, i) => ({ i, rest: (amount * w) % sum })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]++;
    left--;
  }
  return shares;
}

export interface AllocationLine {
  id: number;
  quantity: number;
  lineTotal: number;
}
/** The order as stored: whole rupees (tax included) and the points spent on it. */
export interface AllocationOrder {
  subtotal: number;
  shipping: number;
  total: number;
  pointsRedeemed: number;
  lines: AllocationLine[];
}
/** Units returned per order line id. */
export type ReturnedUnits = ReadonlyMap<number, number>;
export interface MoneyBack {
  paise: number;
  points: number;
}

/** The order's reduction in rupees: the discount and the points' value (never the shipping). */
export function orderReduction(order: Pick<AllocationOrder, 'subtotal' | 'shipping' | 'total'>): number {
  const reduction = order.subtotal + order.shipping - order.total;
  if (reduction < 0 || reduction > order.subtotal) throw new Error('The order’s figures do not add up.');
  return reduction;
}

/** Each line's gross and paid value in paise and its share of the points spent, in the order of `lines`. */
export function lineShares(
  order: AllocationOrder,
): { gross: number; reduction: number; value: number; points: number }[] {
  const grosses = order.lines.map((l) => l.lineTotal * 100);
  const reductions = apportion(orderReduction(order) * 100, grosses);
  const points = apportion(order.pointsRedeemed, grosses);
  return grosses.map((gross, i) => ({
    gross,
    reduction: reductions[i],
    value: gross - reductions[i],
    points: points[i],
  }));
}

/** Whether these returned units are every unit the order had. */
export const returnsEverything = (order: AllocationOrder, returned: ReturnedUnits) =>
  order.lines.every((l) => (returned.get(l.id) ?? 0) === l.quantity);

/** Each line's part of what `returned` units (all returns so far) are worth, and the shipping if the order came back whole. */
export function allocate(
  order: AllocationOrder,
  returned: ReturnedUnits,
): { lines: (MoneyBack & { id: number; units: number })[]; shippingPaise: number } {
  for (const [id, units] of returned) {
    const line = order.lines.find((l) => l.id === id);
    if (!line || !Number.isSafeInteger(units) || units < 0 || units > line.quantity)
      throw new Error('More units returned than the order had.');
  }
  const shares = lineShares(order);
  const lines = order.lines.map((l, i) => {
    const units = returned.get(l.id) ?? 0;
    return {
      id: l.id,
      units,
      paise: Math.floor((shares[i].value * units) / l.quantity),
      points: Math.floor((shares[i].points * units) / l.quantity),
    };
  });
  return { lines, shippingPaise: returnsEverything(order, returned) ? order.shipping * 100 : 0 };
}

/** What `returned` units (all returns so far) are worth altogether. */
export function worthOf(order: AllocationOrder, returned: ReturnedUnits): MoneyBack {
  const { lines, shippingPaise } = allocate(order, returned);
  return { paise: lines.reduce((s, l) => s + l.paise, shippingPaise), points: lines.reduce((s, l) => s + l.points, 0) };
}

/** Adds two sets of returned units. */
export function addUnits(a: ReturnedUnits, b: ReturnedUnits): Map<number, number> {
  const sum = new Map(a);
  for (const [id, units] of b) sum.set(id, (sum.get(id) ?? 0) + units);
  return sum;
}

/**
 * What one return gives back: the worth of everything returned once it is counted, less the worth of
 * what earlier returns took back. Per line as well (the credit note's lines), with the shipping apart.
 */
export function refundOfReturn(order: AllocationOrder, earlier: ReturnedUnits, returning: ReturnedUnits) {
  const before = allocate(order, earlier);
  const after = allocate(order, addUnits(earlier, returning));
  const lines = after.lines
    .map((l, i) => ({
      id: l.id,
      units: l.units - before.lines[i].units,
      paise: l.paise - before.lines[i].paise,
      points: l.points - before.lines[i].points,
    }))
    .filter((l) => l.units > 0);
  const shippingPaise = after.shippingPaise - before.shippingPaise;
  return {
    lines,
    shippingPaise,
    paise: lines.reduce((s, l) => s + l.paise, shippingPaise),
    points: lines.reduce((s, l) => s + l.points, 0),
  };
}

/**
 * The points an order earned that go back with the money refunded so far: in proportion to the paise
 * refunded of the paise paid, all of them once everything was refunded.
 */
export function earnedPointsBack(earned: number, refundedPaise: number, paidPaise: number): number {
  if (paidPaise <= 0 || refundedPaise >= paidPaise) return earned;
  return Math.floor((earned * Math.max(0, refundedPaise)) / paidPaise);
}
