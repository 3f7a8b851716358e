// What /track shows: the four stages from the order's history and the delivery estimate. Pure.
import { type Holidays, indiaDay } from '../../lib/business-days';
import {
  arrivalBy,
  DISPATCH_BUSINESS_DAYS,
  type DeliveryZone,
  dispatchBy,
  TRANSIT_DAYS,
} from '../delivery/delivery-estimate';
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

// The one delivery promise (src/features/delivery/delivery-estimate.ts): dispatched within 2 business
// days of confirmation, then the zone of the order's PIN code in transit, so /track names the same day
// the PIN check named before the order. Dates are calendar days in India time (UTC+5:30).
export { indiaDay };

export interface EstimateInput {
  status: string;
  placedAt: Date;
  confirmedAt: Date | null;
  shippedAt: Date | null;
  outForDeliveryAt: Date | null;
  deliveredAt: Date | null;
  /** The delivery zone of the order's PIN code; null (a PIN no longer in the directory) counts as the slowest. */
  zone: DeliveryZone | null;
}

export type DeliveryEstimate =
  | { kind: 'awaiting_dispatch'; confirmed: boolean; dispatchBy: Date; by: Date; transitDays: number }
  | { kind: 'in_transit'; shippedOn: Date; by: Date; transitDays: number }
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
  const zone = order.zone ?? 'remote';
  const transitDays = TRANSIT_DAYS[zone];
  if (order.status === 'shipped' && order.shippedAt) {
    const shippedOn = indiaDay(order.shippedAt);
    return { kind: 'in_transit', shippedOn, by: arrivalBy(shippedOn, zone), transitDays };
  }
  // Not yet confirmed: counted as if confirmed today (the confirmation call is the next step).
  const confirmedAt = order.confirmedAt ?? (now > order.placedAt ? now : order.placedAt);
  const dispatchDay = dispatchBy(confirmedAt, holidays);
  return {
    kind: 'awaiting_dispatch',
    confirmed: !!order.confirmedAt,
    dispatchBy: dispatchDay,
    by: arrivalBy(dispatchDay, zone),
    transitDays,
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
      return `Shipped on ${formatOrderDate(e.shippedOn)}. Estimated delivery by ${formatOrderDate(e.by)} (${e.transitDays} days after dispatch to your PIN code).`;
    case 'awaiting_dispatch':
      return (
        `${e.confirmed ? 'Confirmed.' : 'We will call you to confirm this cash-on-delivery order.'} Dispatch by ${formatOrderDate(e.dispatchBy)} ` +
        `(within ${DISPATCH_BUSINESS_DAYS} business days of confirmation, excluding Sundays and holidays), then ${e.transitDays} days to your PIN code: ` +
        `estimated delivery by ${formatOrderDate(e.by)}.`
      );
  }
}
