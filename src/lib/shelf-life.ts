// The shelf-life line (FSSAI; docs/decisions/0081-shelf-life-line.md): a pack must reach the customer
// with at least 30 % of its shelf life or 45 days left, whichever is more (the stricter reading), and
// the store counts to the latest day a pack it ships today can arrive. Pure: dates are 'YYYY-MM-DD'
// India calendar days and the day of shipping is passed in.

/** The share of the shelf life, and the days, that must remain when the pack is delivered. */
export const SHELF_LIFE_RULE = {
  minShare: 0.3,
  minDays: 45,
  /** Calendar days from dispatch to the latest delivery the store promises (8 business days, Sundays between). */
  deliveryAllowanceDays: 10,
  /** The desk's report lists batches within this many days of their last day to ship. */
  warnDays: 30,
} as const;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a text is a real calendar date 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);
export const addDays = (iso: string, days: number) => isoOf(dayNumber(iso) + days);

export interface BatchDates {
  manufacturedOn: string | null;
  expiresOn: string | null;
}

/** The days of shelf life that must be left at delivery: 30 % of the whole (rounded up) or 45, whichever is more. */
export function requiredDaysLeft(manufacturedOn: string, expiresOn: string): number {
  const shelfLife = daysBetween(manufacturedOn, expiresOn);
  return Math.max(Math.ceil(shelfLife * SHELF_LIFE_RULE.minShare), SHELF_LIFE_RULE.minDays);
}

/** The last day a pack of the batch may be shipped (null: the batch has no dates, it never ships). */
export function lastShipDay(batch: BatchDates): string | null {
  if (!batch.manufacturedOn || !batch.expiresOn) return null;
  return addDays(
    batch.expiresOn,
    -(requiredDaysLeft(batch.manufacturedOn, batch.expiresOn) + SHELF_LIFE_RULE.deliveryAllowanceDays),
  );
}

/** Whether a pack of the batch shipped on `today` still arrives with its shelf life above the line. */
export function canShip(batch: BatchDates, today: string): boolean {
  const last = lastShipDay(batch);
  return last !== null && today <= last;
}

export type ShelfLifeState = 'undated' | 'past_line' | 'near_line' | 'fine';

/** Where a batch stands on `today`: past the line, within the warning days of it, or fine. */
export function shelfLifeState(batch: BatchDates, today: string): ShelfLifeState {
  const last = lastShipDay(batch);
  if (last === null) return 'undated';
  if (today > last) return 'past_line';
  return daysBetween(today, last) <= SHELF_LIFE_RULE.warnDays ? 'near_line' : 'fine';
}

/** The share of the shelf life left on `day` (0 to 1; null for an undated batch). */
export function shelfLifeLeft(batch: BatchDates, day: string): number | null {
  if (!batch.manufacturedOn || !batch.expiresOn) return null;
  const whole = daysBetween(batch.manufacturedOn, batch.expiresOn);
  return Math.min(1, Math.max(0, daysBetween(day, batch.expiresOn) / whole));
}

/** The line in words, for the desk: 'at least 30 % of its shelf life or 45 days, whichever is more'. */
export const SHELF_LIFE_LINE_TEXT = `at least ${SHELF_LIFE_RULE.minShare * 100} % of its shelf life or ${SHELF_LIFE_RULE.minDays} days, whichever is more, left at delivery`;
