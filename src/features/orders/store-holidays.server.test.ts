// One list of store holidays: a day staff close at /admin/appointments can neither be booked nor
// counted as a dispatch day, so /track's delivery estimate moves past it.
import { describe, expect, it } from 'vitest';
import { placeTestOrder } from '../../../tests/support/orders';
import { addIndiaBusinessDays, indiaDateKey } from '../../lib/business-days';
import { blockDay, unblockDay } from '../appointments/appointments-desk.server';
import { bookingCalendar } from '../appointments/appointments.server';
import { trackOrder } from './orders.server';
import { storeHolidays } from './store-holidays.server';

const dispatchBy = async (number: string, email: string, now: Date) => {
  const tracked = await trackOrder(number, email, now);
  if (tracked?.estimate.kind !== 'awaiting_dispatch') throw new Error(`unexpected estimate ${tracked?.estimate.kind}`);
  return { dispatchBy: indiaDateKey(tracked.estimate.dispatchBy), by: indiaDateKey(tracked.estimate.by) };
};

describe('store holidays', () => {
  it('a closed day moves the /track dispatch and delivery estimate and closes booking that day', async () => {
    const email = 'holiday-track@example.in';
    const number = await placeTestOrder(email);
    const now = new Date();
    const before = await dispatchBy(number, email, now);
    expect(before.dispatchBy).toBe(indiaDateKey(addIndiaBusinessDays(now, 2)));

    const firstBusinessDay = indiaDateKey(addIndiaBusinessDays(now, 1));
    expect(await blockDay({ date: firstBusinessDay, reason: 'Diwali' }, 'staff-1', now)).toMatchObject({ ok: true });
    expect(await storeHolidays(now)).toContain(firstBusinessDay);
    expect((await bookingCalendar(now)).blocked[firstBusinessDay]).toBe('Diwali');

    const after = await dispatchBy(number, email, now);
    expect(after.dispatchBy).toBe(indiaDateKey(addIndiaBusinessDays(now, 2, [firstBusinessDay])));
    expect(after.dispatchBy > before.dispatchBy).toBe(true);
    expect(after.by > before.by).toBe(true);

    expect(await unblockDay(firstBusinessDay)).toMatchObject({ ok: true });
    expect(await dispatchBy(number, email, now)).toEqual(before);
  });
});
