// Order lifecycle rules (issue 4; spec §4, §9): statuses, the customer's cancel window, tracking
// stages and the delivery estimate. Pure, with the clock passed in.

export const ORDER_STATUSES = [
  'pending', 'confirmed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending', confirmed: 'Confirmed', shipped: 'Shipped', out_for_delivery: 'Out for Delivery', delivered: 'Delivered',
  cancelled: 'Cancelled', return_requested: 'Return Requested', returned: 'Returned', refunded: 'Refunded',
};

/** Spec §4: delivered green, pending yellow, any other value grey (dark text keeps AA contrast). */
export function statusBadgeClass(status: string): string {
  if (status === 'delivered') return 'bg-green-100 text-green-900';
  if (status === 'pending') return 'bg-yellow-100 text-yellow-900';
  return 'bg-gray-200 text-gray-800';
}

export const statusLabel = (status: string) => STATUS_LABELS[status as OrderStatus] ?? status;

export const CANCEL_WINDOW_HOURS = 12;
const CANCELLABLE: readonly string[] = ['pending', 'confirmed'];

/** Returns policy: a customer may cancel within 12 hours of placing, and only before it ships. */
export function canCancel(order: { status: string; createdAt: Date }, now: Date): boolean {
  const age = now.getTime() - order.createdAt.getTime();
  return CANCELLABLE.includes(order.status) && age >= 0 && age < CANCEL_WINDOW_HOURS * 3_600_000;
}

// ---- Order numbers -----------------------------------------------------------------------------

/** No 0/O, 1/I/L: easy to read aloud and type from a phone call or a parcel label. */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const ORDER_NUMBER_PATTERN = new RegExp(`^VA-[${ORDER_NUMBER_ALPHABET}]{8}$`);

/** 'VA-' and 8 random readable characters (31^8 ≈ 8.5 × 10^11 possibilities). */
export function generateOrderNumber(randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  // 248 = 8 × 31: rejecting bytes above it keeps every character equally likely.
  let code = '';
  while (code.length < 8) {
    for (const byte of randomBytes(16)) {
      if (byte < 248 && code.length < 8) code += ORDER_NUMBER_ALPHABET[byte % 31];
    }
  }
  return `VA-${code}`;
}

/** What a shopper typed as an order ID, in the stored form (trimmed, upper case). */
export const normaliseOrderNumber = (input: string) => input.trim().toUpperCase();
export const isOrderNumber = (value: string) => ORDER_NUMBER_PATTERN.test(value);

// ---- Tracking ----------------------------------------------------------------------------------

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

/** e.g. '23 Nov 2026', in India time. */
export const formatOrderDate = (date: Date) =>
  date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
