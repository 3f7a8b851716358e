// Business days in India time (IST, UTC+5:30, no daylight saving), where the warehouse and the
// couriers work: Monday to Saturday, except the store's holidays (the closed days staff keep at
// /admin/appointments, shared by appointment booking and the delivery estimate; see
// src/features/orders/store-holidays.server.ts). Pure: callers pass the holidays in.

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** Closed dates as 'YYYY-MM-DD' (India calendar days). */
export type Holidays = ReadonlySet<string> | readonly string[];

/** The India calendar day of an instant, as that day's noon in India time (so any formatting in IST shows it). */
export function indiaDay(at: Date): Date {
  const local = new Date(at.getTime() + IST_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 12) - IST_OFFSET_MS);
}

/** 'YYYY-MM-DD' of the India calendar day of an instant. */
export function indiaDateKey(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether the India day of `at` is a business day: not a Sunday, not a holiday. */
export function isIndiaBusinessDay(at: Date, holidays: Holidays = []): boolean {
  const set = holidays instanceof Set ? holidays : new Set(holidays);
  return new Date(at.getTime() + IST_OFFSET_MS).getUTCDay() !== 0 && !set.has(indiaDateKey(at));
}

/**
 * The India day `days` business days after the India day of `start` (Monday to Saturday, skipping
 * the holidays), as that day's noon IST. With 0 days: the day of `start` itself, whatever it is.
 */
export function addIndiaBusinessDays(start: Date, days: number, holidays: Holidays = []): Date {
  if (!Number.isInteger(days) || days < 0)
    throw new RangeError(`Business days must be a whole number ≥ 0, got ${days}`);
  const set = holidays instanceof Set ? holidays : new Set(holidays);
  let day = indiaDay(start);
  // A year of holidays can never hold a run longer than 366 days: stop rather than loop for ever.
  for (let added = 0, steps = 0; added < days; steps++) {
    if (steps > days + 400) throw new RangeError('No business day within a year: check the holiday list');
    day = new Date(day.getTime() + DAY_MS);
    if (isIndiaBusinessDay(day, set)) added++;
  }
  return day;
}
