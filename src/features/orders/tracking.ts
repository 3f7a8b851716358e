// What /track shows: the four stages from the order's history and the delivery estimate. Pure.

export const TRACKING_STAGES = [
  { status: 'pending', label: 'Order Placed' },
  { status: 'shipped', label: 'Shipped' },
  { status: 'out_for_delivery', label: 'Out for Delivery' },
  { status: 'delivered', label: 'Delivered' },
] as const;

export interface HistoryEntry { status: string; createdAt: Date; courier?: string | null; trackingNumber?: string | null }
export interface TrackingStage { label: string; done: boolean; at: Date | null }

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

/** Days the parcel may take once placed (spec §4: 3–5 business days). Sundays are not business days. */
export const DELIVERY_ESTIMATE_DAYS = { from: 3, to: 5 } as const;

export function addBusinessDays(start: Date, days: number): Date {
  const date = new Date(start);
  let added = 0;
  while (added < days) {
    date.setUTCDate(date.getUTCDate() + 1);
    // Judged in India time (UTC+5:30), where the courier works.
    if (new Date(date.getTime() + 330 * 60_000).getUTCDay() !== 0) added++;
  }
  return date;
}

export function deliveryEstimate(placedAt: Date): { from: Date; to: Date } {
  return { from: addBusinessDays(placedAt, DELIVERY_ESTIMATE_DAYS.from), to: addBusinessDays(placedAt, DELIVERY_ESTIMATE_DAYS.to) };
}
