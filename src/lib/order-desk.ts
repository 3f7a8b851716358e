// What the store's staff may do with an order in each status (the orders desk), and what the customer
// may still ask for after delivery. Pure; the clock is passed in.
import type { OrderStatus } from './orders';

/** Staff moves. Customers cancel (12 h, before shipping) and request returns (7 days after delivery) themselves. */
export const STAFF_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],          // COD orders are confirmed (e.g. by a call) before packing
  confirmed: ['shipped', 'cancelled'],
  shipped: ['out_for_delivery', 'delivered'],
  out_for_delivery: ['delivered'],
  delivered: [],
  return_requested: ['returned', 'delivered'],  // accept the return, or decline it (back to delivered)
  returned: ['refunded'],
  cancelled: [],
  refunded: [],
};

export const ACTION_LABELS: Partial<Record<OrderStatus, string>> = {
  confirmed: 'Confirm COD order',
  shipped: 'Mark shipped',
  out_for_delivery: 'Mark out for delivery',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
  returned: 'Accept return (parcel received)',
  refunded: 'Mark refunded',
};

export function canStaffMove(from: string, to: string): boolean {
  return (STAFF_TRANSITIONS[from as OrderStatus] ?? []).includes(to as OrderStatus);
}

/** Shipping needs the courier and the tracking number the customer will see. */
export const needsShipment = (to: string) => to === 'shipped';

export const RETURN_WINDOW_DAYS = 7;

/** Returns policy: within 7 days of delivery. */
export function canRequestReturn(order: { status: string }, deliveredAt: Date | null, now: Date): boolean {
  if (order.status !== 'delivered' || !deliveredAt) return false;
  const age = now.getTime() - deliveredAt.getTime();
  return age >= 0 && age <= RETURN_WINDOW_DAYS * 86_400_000;
}

/** Statuses after which the order's points are taken back (and points spent on it returned). */
export const reversesPoints = (to: string) => to === 'cancelled' || to === 'returned';
/** Statuses after which the packs go back on the shelf. */
export const restocks = (to: string) => to === 'cancelled';
