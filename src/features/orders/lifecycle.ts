// The order lifecycle: every move a customer or the staff can make, from which statuses, to which
// status, and what it sets off. One table, read by the move function (apply-move.server.ts), the
// desk's buttons and the order page. Pure; the clock is passed in.
import type { OrderStatus } from './status';

export type Actor = 'checkout' | 'customer' | 'staff';

export interface MoveRule {
  by: Actor;
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** The desk's button, and the history's wording. */
  label: string;
  /** What the staff must enter with the move. */
  needs?: 'shipment';
  /** The packs go back on the shelf (never opened). */
  restock?: boolean;
  /** Points earned on the order are taken back and points spent on it returned. */
  reversePoints?: boolean;
  /** The referrer's thank-you coupon (the referred friend's first order arrived). */
  rewardReferrer?: boolean;
}

export const MOVES = {
  place: { by: 'checkout', from: [], to: 'pending', label: 'Order placed' },
  // COD orders are confirmed (e.g. by a call) before packing.
  confirm: { by: 'staff', from: ['pending'], to: 'confirmed', label: 'Confirm COD order' },
  ship: { by: 'staff', from: ['confirmed'], to: 'shipped', label: 'Mark shipped', needs: 'shipment' },
  out_for_delivery: { by: 'staff', from: ['shipped'], to: 'out_for_delivery', label: 'Mark out for delivery' },
  deliver: { by: 'staff', from: ['shipped', 'out_for_delivery'], to: 'delivered', label: 'Mark delivered', rewardReferrer: true },
  cancel_by_staff: { by: 'staff', from: ['pending', 'confirmed'], to: 'cancelled', label: 'Cancel order', restock: true, reversePoints: true },
  cancel_by_customer: { by: 'customer', from: ['pending', 'confirmed'], to: 'cancelled', label: 'Cancel order', restock: true, reversePoints: true },
  request_return: { by: 'customer', from: ['delivered'], to: 'return_requested', label: 'Request a return' },
  receive_return: { by: 'staff', from: ['return_requested'], to: 'returned', label: 'Accept return (parcel received)', reversePoints: true },
  decline_return: { by: 'staff', from: ['return_requested'], to: 'delivered', label: 'Decline return' },
  refund: { by: 'staff', from: ['returned'], to: 'refunded', label: 'Mark refunded' },
} as const satisfies Record<string, MoveRule>;

export type MoveName = keyof typeof MOVES;
export const MOVE_NAMES = Object.keys(MOVES) as MoveName[];
export const isMoveName = (value: string): value is MoveName => Object.hasOwn(MOVES, value);
export const moveRule = (name: MoveName): MoveRule => MOVES[name];

/** The moves the staff can make on an order in this status, in the table's order. */
export function staffMoves(status: string): MoveName[] {
  return MOVE_NAMES.filter((name) => MOVES[name].by === 'staff' && (MOVES[name].from as readonly string[]).includes(status));
}

export const CANCEL_WINDOW_HOURS = 12;
export const RETURN_WINDOW_DAYS = 7;

/** Returns policy: a customer may cancel within 12 hours of placing, and only before it ships. */
export function canCancel(order: { status: string; createdAt: Date }, now: Date): boolean {
  const age = now.getTime() - order.createdAt.getTime();
  return (MOVES.cancel_by_customer.from as readonly string[]).includes(order.status) && age >= 0 && age < CANCEL_WINDOW_HOURS * 3_600_000;
}

/** Returns policy: within 7 days of delivery. */
export function canRequestReturn(order: { status: string }, deliveredAt: Date | null, now: Date): boolean {
  if (!(MOVES.request_return.from as readonly string[]).includes(order.status) || !deliveredAt) return false;
  const age = now.getTime() - deliveredAt.getTime();
  return age >= 0 && age <= RETURN_WINDOW_DAYS * 86_400_000;
}
