// The order lifecycle: every move a customer or the staff can make, from which statuses, to which
// status, and what it sets off. One table, read by the move function (apply-move.server.ts), the
// desk's buttons and the order page. Pure; the clock is passed in.
import type { ReturnResolution, ReturnStatus } from './returns-policy';
import type { OrderStatus } from './status';

/** `gateway`: the store itself on the payment gateway's word (a verified payment, or time running out). */
export type Actor = 'checkout' | 'customer' | 'staff' | 'gateway';

export interface MoveRule {
  by: Actor;
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** Where the move leads instead when part of the order's money has come back, not all of it. */
  toWhenPartlyRefunded?: OrderStatus;
  /** The desk's button. */
  label: string;
  /** The history row's wording, for the customer and the staff alike. */
  historyLabel: string;
  /** What the staff must enter with the move: courier and tracking number (a shipment, a replacement's too), a note for the customer, the refund (its payout reference). */
  needs?: 'shipment' | 'note' | 'refund';
  /** The order's return record: the status it must have (null: no open one) and the status it gets. */
  returnFrom?: ReturnStatus | null;
  returnTo?: ReturnStatus;
  /** The open return must ask for this (a refund, or a replacement). */
  resolution?: ReturnResolution;
  /** The packs go back on the shelf (never opened). */
  restock?: boolean;
  /** Points earned on the order are taken back and points spent on it returned (a refund: in its proportion). */
  reversePoints?: boolean;
  /** The referrer's thank-you coupon (the referred friend's first order arrived). */
  rewardReferrer?: boolean;
  /** The order gets its GST tax invoice (if it has none yet): when the goods leave, at the latest on delivery. */
  issuesInvoice?: boolean;
  /** The GST credit note for the refunded lines (if the order was invoiced). */
  issuesCreditNote?: boolean;
  /** What an online payment brought in goes back through the gateway (a cancellation). */
  refundsPayment?: boolean;
}

export const MOVES = {
  place: { by: 'checkout', from: [], to: 'pending', label: 'Place order', historyLabel: 'Order Placed' },
  // Paid online: the order waits for its money with its stock held (lib/payments.ts PAYMENT_WINDOW_MINUTES).
  place_online: {
    by: 'checkout',
    from: [],
    to: 'awaiting_payment',
    label: 'Place order',
    historyLabel: 'Order Placed, Awaiting Payment',
  },
  // A verified payment confirms the order: nobody needs to call to confirm it.
  pay: {
    by: 'gateway',
    from: ['awaiting_payment'],
    to: 'confirmed',
    label: 'Record payment',
    historyLabel: 'Paid Online',
  },
  // A cash-on-delivery order the customer chooses to pay online instead (with the online-payment offer);
  // if the payment never comes it goes back to cash on delivery, not cancelled.
  switch_to_online: {
    by: 'customer',
    from: ['pending'],
    to: 'awaiting_payment',
    label: 'Pay online instead',
    historyLabel: 'Chose to Pay Online',
  },
  return_to_cod: {
    by: 'gateway',
    from: ['awaiting_payment'],
    to: 'pending',
    label: 'Back to cash on delivery',
    historyLabel: 'Back to Cash on Delivery',
  },
  expire_payment: {
    by: 'gateway',
    from: ['awaiting_payment'],
    to: 'cancelled',
    label: 'Release unpaid order',
    historyLabel: 'Cancelled, Payment Not Received',
    restock: true,
    reversePoints: true,
  },
  // COD orders are confirmed (e.g. by a call) before packing, or by the customer through their order's link.
  confirm: { by: 'staff', from: ['pending'], to: 'confirmed', label: 'Confirm COD order', historyLabel: 'Confirmed' },
  confirm_by_customer: {
    by: 'customer',
    from: ['pending'],
    to: 'confirmed',
    label: 'Confirm my order',
    historyLabel: 'Confirmed by the Customer',
  },
  ship: {
    by: 'staff',
    from: ['confirmed'],
    to: 'shipped',
    label: 'Mark shipped',
    historyLabel: 'Shipped',
    needs: 'shipment',
    issuesInvoice: true,
  },
  out_for_delivery: {
    by: 'staff',
    from: ['shipped'],
    to: 'out_for_delivery',
    label: 'Mark out for delivery',
    historyLabel: 'Out for Delivery',
  },
  deliver: {
    by: 'staff',
    from: ['shipped', 'out_for_delivery'],
    to: 'delivered',
    label: 'Mark delivered',
    historyLabel: 'Delivered',
    rewardReferrer: true,
    issuesInvoice: true,
  },
  cancel_by_customer: {
    by: 'customer',
    from: ['awaiting_payment', 'pending', 'confirmed'],
    to: 'cancelled',
    label: 'Cancel order',
    historyLabel: 'Cancelled',
    restock: true,
    reversePoints: true,
    refundsPayment: true,
  },
  cancel_by_staff: {
    by: 'staff',
    from: ['awaiting_payment', 'pending', 'confirmed'],
    to: 'cancelled',
    label: 'Cancel order',
    historyLabel: 'Cancelled',
    restock: true,
    reversePoints: true,
    refundsPayment: true,
  },
  request_return: {
    by: 'customer',
    from: ['delivered', 'partially_refunded'],
    to: 'return_requested',
    label: 'Request a return',
    historyLabel: 'Return Requested',
    returnFrom: null,
    returnTo: 'requested',
  },
  accept_return: {
    by: 'staff',
    from: ['return_requested'],
    to: 'return_requested',
    label: 'Accept return',
    historyLabel: 'Return Accepted',
    returnFrom: 'requested',
    returnTo: 'accepted',
  },
  // Declining puts the order back as it was: delivered (or partly refunded), still inside its first return window.
  decline_return: {
    by: 'staff',
    from: ['return_requested'],
    to: 'delivered',
    toWhenPartlyRefunded: 'partially_refunded',
    label: 'Decline return',
    historyLabel: 'Return Declined',
    needs: 'note',
    returnFrom: 'requested',
    returnTo: 'declined',
  },
  receive_return: {
    by: 'staff',
    from: ['return_requested'],
    to: 'returned',
    label: 'Mark return received',
    historyLabel: 'Return Received',
    returnFrom: 'accepted',
    returnTo: 'received',
  },
  // The returned lines' worth by the allocation rule (lib/refund-allocation.ts), or less with a reason.
  refund: {
    by: 'staff',
    from: ['returned'],
    to: 'refunded',
    toWhenPartlyRefunded: 'partially_refunded',
    label: 'Mark refunded',
    historyLabel: 'Refunded',
    needs: 'refund',
    returnFrom: 'received',
    returnTo: 'refunded',
    resolution: 'refund',
    reversePoints: true,
    issuesCreditNote: true,
  },
  // The same product and plan again, from batches within the shelf-life line, under the original
  // invoice: no money moves, no credit note, no points. The order is back as it was before the return.
  send_replacement: {
    by: 'staff',
    from: ['returned'],
    to: 'delivered',
    toWhenPartlyRefunded: 'partially_refunded',
    label: 'Send replacement',
    historyLabel: 'Replacement Shipped',
    needs: 'shipment',
    returnFrom: 'received',
    returnTo: 'replaced',
    resolution: 'replacement',
  },
  // No replacement can be sent (out of stock): the return is refunded instead, by the refund move.
  switch_to_refund: {
    by: 'staff',
    from: ['returned'],
    to: 'returned',
    label: 'Refund instead',
    historyLabel: 'Switched to a Refund',
    returnFrom: 'received',
    returnTo: 'received',
    resolution: 'replacement',
  },
} as const satisfies Record<string, MoveRule>;

export type MoveName = keyof typeof MOVES;
export const MOVE_NAMES = Object.keys(MOVES) as MoveName[];
export const isMoveName = (value: string): value is MoveName => Object.hasOwn(MOVES, value);
export const moveRule = (name: MoveName): MoveRule => MOVES[name];

/** The status a move leaves the order in, given the paise refunded (this move included) of the paise paid. */
export function statusAfter(name: MoveName, refundedPaise: number, paidPaise: number): OrderStatus {
  const rule: MoveRule = MOVES[name];
  return rule.toWhenPartlyRefunded && refundedPaise > 0 && refundedPaise < paidPaise
    ? rule.toWhenPartlyRefunded
    : rule.to;
}

/** The order's open return as a move sees it: its status and what it asks for (null: none open). */
export type OpenReturnState = { status: ReturnStatus; resolution: ReturnResolution } | null;

/** Whether the move fits the order's status and its open return (its status, and what it asks for). */
export function moveFits(name: MoveName, status: string, openReturn: OpenReturnState): boolean {
  const rule: MoveRule = MOVES[name];
  if (!(rule.from as readonly string[]).includes(status)) return false;
  if (rule.returnFrom !== undefined && rule.returnFrom !== (openReturn?.status ?? null)) return false;
  return rule.resolution === undefined || rule.resolution === openReturn?.resolution;
}

/** The moves the staff can make on an order in this status (and with this open return), in the table's order. */
export function staffMoves(status: string, openReturn: OpenReturnState = null): MoveName[] {
  return MOVE_NAMES.filter((name) => MOVES[name].by === 'staff' && moveFits(name, status, openReturn));
}

export const CANCEL_WINDOW_HOURS = 12;
export const RETURN_WINDOW_DAYS = 7;

/** Returns policy: a customer may cancel within 12 hours of placing, and only before it ships. */
export function canCancel(order: { status: string; createdAt: Date }, now: Date): boolean {
  const age = now.getTime() - order.createdAt.getTime();
  return (
    (MOVES.cancel_by_customer.from as readonly string[]).includes(order.status) &&
    age >= 0 &&
    age < CANCEL_WINDOW_HOURS * 3_600_000
  );
}

/** When the order was delivered: its first 'deliver' move (a declined return does not restart the window). */
export const deliveredAt = (history: { move: string; createdAt: Date }[]) =>
  history.find((h) => h.move === 'deliver')?.createdAt ?? null;

/** Returns policy: within 7 days of delivery. */
export function canRequestReturn(order: { status: string }, deliveredAt: Date | null, now: Date): boolean {
  if (!(MOVES.request_return.from as readonly string[]).includes(order.status) || !deliveredAt) return false;
  const age = now.getTime() - deliveredAt.getTime();
  return age >= 0 && age <= RETURN_WINDOW_DAYS * 86_400_000;
}
