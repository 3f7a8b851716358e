// What /track shows: the four stages from the order's history and the delivery estimate. Pure.
import { addIndiaBusinessDays, type Holidays, indiaDay } from '../../lib/business-days';
import { formatOrderDate } from './status';

export const TRACKING_STAGES = [
  { status: 'pending', label: 'Order Placed' },
  { status: 'shipped', label: 'Shipped' },
  { status: 'out_for_delivery', label: 'Out for Delivery' },
  { status: 'delivered', label: 'Delivered' },
] as const;

export interface HistoryEntry {
  status: string;
  createdAt: Date;
  courier?: string | null;
  trackingNumber?: string | null;
}
export interface TrackingStage {
  label: string;
  done: boolean;
  at: Date | null;
}

/**
 * The four stages marked from the order's history. A stage is done when its status was recorded or
 * a later stage was (a parcel handed over without an 'out for delivery' scan still counts as shipped).
 */
export function trackingStages(history: HistoryEntry[]): TrackingStage[] {
  const firstAt = (status: string) => history.find((h) => h.status === status)?.createdAt ?? null;
  const reached = TRACKING_STAGES.map((stage) => firstAt(stage.status));
  const furthest = reached.reduce((last, at, index) => (at ? index : last), history.length ? 0 : -1);
  return TRACKING_STAGES.map((stage, index) => ({ label: stage.label, done: index <= furthest, at: reached[index] }));
}

// Shipping policy §4–5: dispatched within 2 business days of confirmation (excluding Sundays and the
// store's holidays), then delivered 5 to 8 days after dispatch. Dates are calendar days in India time
// (UTC+5:30), where the warehouse and the couriers work; business days come from src/lib/business-days.
export const DISPATCH_BUSINESS_DAYS = 2;
export const DELIVERY_DAYS = { from: 5, to: 8 } as const;
export { indiaDay };

const DAY_MS = 86_400_000;
const addDays = (day: Date, days: number) => new Date(day.getTime() + days * DAY_MS);

export interface EstimateInput {
  status: string;
  placedAt: Date;
  confirmedAt: Date | null;
  shippedAt: Date | null;
  outForDeliveryAt: Date | null;
  deliveredAt: Date | null;
}

export type DeliveryEstimate =
  | { kind: 'awaiting_dispatch'; confirmed: boolean; dispatchBy: Date; from: Date; to: Date }
  | { kind: 'in_transit'; shippedOn: Date; from: Date; to: Date }
  | { kind: 'out_for_delivery'; on: Date }
  | { kind: 'delivered'; on: Date | null }
  | { kind: 'cancelled' };

/** What the customer is told about delivery, following the order's status, the shipping policy and the store's holidays. */
export function deliveryEstimate(order: EstimateInput, now: Date, holidays: Holidays = []): DeliveryEstimate {
  if (order.status === 'cancelled') return { kind: 'cancelled' };
  if (order.deliveredAt || !['pending', 'confirmed', 'shipped', 'out_for_delivery'].includes(order.status)) {
    return { kind: 'delivered', on: order.deliveredAt && indiaDay(order.deliveredAt) };
  }
  if (order.status === 'out_for_delivery')
    return { kind: 'out_for_delivery', on: indiaDay(order.outForDeliveryAt ?? now) };
  if (order.status === 'shipped' && order.shippedAt) {
    const shippedOn = indiaDay(order.shippedAt);
    return {
      kind: 'in_transit',
      shippedOn,
      from: addDays(shippedOn, DELIVERY_DAYS.from),
      to: addDays(shippedOn, DELIVERY_DAYS.to),
    };
  }
  // Not yet confirmed: counted as if confirmed today (the confirmation call is the next step).
  const confirmedAt = order.confirmedAt ?? (now > order.placedAt ? now : order.placedAt);
  const dispatchBy = addIndiaBusinessDays(confirmedAt, DISPATCH_BUSINESS_DAYS, holidays);
  return {
    kind: 'awaiting_dispatch',
    confirmed: !!order.confirmedAt,
    dispatchBy,
    from: addDays(dispatchBy, DELIVERY_DAYS.from),
    to: addDays(dispatchBy, DELIVERY_DAYS.to),
  };
}

/** The estimate in the words /track shows. */
export function estimateText(e: DeliveryEstimate): string {
  switch (e.kind) {
    case 'cancelled':
      return 'This order was cancelled.';
    case 'delivered':
      return e.on ? `Delivered on ${formatOrderDate(e.on)}.` : 'Delivered.';
    case 'out_for_delivery':
      return `Out for delivery: arriving today, ${formatOrderDate(e.on)}.`;
    case 'in_transit':
      return `Shipped on ${formatOrderDate(e.shippedOn)}. Estimated delivery between ${formatOrderDate(e.from)} and ${formatOrderDate(e.to)} (${DELIVERY_DAYS.from}–${DELIVERY_DAYS.to} days after dispatch).`;
    case 'awaiting_dispatch':
      return (
        `${e.confirmed ? 'Confirmed.' : 'We will call you to confirm this cash-on-delivery order.'} Dispatch by ${formatOrderDate(e.dispatchBy)} ` +
        `(within ${DISPATCH_BUSINESS_DAYS} business days of confirmation, excluding Sundays and holidays), then delivery in ${DELIVERY_DAYS.from}–${DELIVERY_DAYS.to} days: ` +
        `estimated between ${formatOrderDate(e.from)} and ${formatOrderDate(e.to)}.`
      );
  }
}
