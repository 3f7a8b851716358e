// The order statuses: the one list the code uses (the database keeps the same list in the
// order_status domain; status.server.test.ts checks the two agree), their labels and badges. Pure.

export const ORDER_STATUSES = [
  'awaiting_payment',
  'pending',
  'confirmed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'return_requested',
  'returned',
  'partially_refunded',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

export const STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting Payment',
  pending: 'Pending',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  out_for_delivery: 'Out for Delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  return_requested: 'Return Requested',
  returned: 'Returned',
  partially_refunded: 'Partially Refunded',
  refunded: 'Refunded',
};

/** Spec §4: delivered green, pending (and awaiting payment) yellow, any other value grey (dark text keeps AA contrast). */
export function statusBadgeClass(status: string): string {
  if (status === 'delivered') return 'bg-green-100 text-green-900';
  if (status === 'pending' || status === 'awaiting_payment') return 'bg-yellow-100 text-yellow-900';
  return 'bg-gray-200 text-gray-800';
}

export const statusLabel = (status: string) => STATUS_LABELS[status as OrderStatus] ?? status;

/** e.g. '23 Nov 2026', in India time. */
export const formatOrderDate = (date: Date) =>
  date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
