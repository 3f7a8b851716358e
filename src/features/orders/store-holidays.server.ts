// The store's holidays: one list of closed days, kept by staff at /admin/appointments (the table
// appointment_blocked_days). No appointment can be booked on them and no parcel is dispatched on them,
// so the delivery estimate (tracking.ts, and any other estimate: pass these to
// addIndiaBusinessDays in src/lib/business-days.ts) skips them like Sundays.
import { and, gte, lte } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { appointmentBlockedDays } from '../../db/schema';
import { indiaDateKey } from '../../lib/business-days';

const DAY_MS = 86_400_000;

/** The closed days ('YYYY-MM-DD', India days) from the India day of `from` for `days` days (a year and a bit by default). */
export async function storeHolidays(from: Date, days = 400): Promise<Set<string>> {
  const db = await getDb();
  const rows = await db
    .select({ date: appointmentBlockedDays.date })
    .from(appointmentBlockedDays)
    .where(
      and(
        gte(appointmentBlockedDays.date, indiaDateKey(from)),
        lte(appointmentBlockedDays.date, indiaDateKey(new Date(from.getTime() + days * DAY_MS))),
      ),
    );
  return new Set(rows.map((r) => r.date));
}
