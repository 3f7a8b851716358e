import { describe, expect, it } from 'vitest';
import { canShip, isIsoDate, lastShipDay, requiredDaysLeft, shelfLifeLeft, shelfLifeState } from './shelf-life';

describe('the shelf-life line', () => {
  it('asks for 30 % of the shelf life or 45 days at delivery, whichever is more', () => {
    expect(requiredDaysLeft('2026-01-01', '2028-01-01')).toBe(219); // 730 days: 30 % is 219 days
    expect(requiredDaysLeft('2026-01-01', '2026-07-01')).toBe(55); // 181 days: 54.3 → 55
    expect(requiredDaysLeft('2026-01-01', '2026-04-01')).toBe(45); // 90 days: 27 < 45
  });

  it('counts to the latest promised delivery: the last day to ship is 10 days before the line', () => {
    const batch = { manufacturedOn: '2026-01-01', expiresOn: '2028-01-01' };
    expect(lastShipDay(batch)).toBe('2027-05-17'); // 2028-01-01 − 219 − 10 days
    expect(canShip(batch, '2027-05-17')).toBe(true);
    expect(canShip(batch, '2027-05-18')).toBe(false);
    // A short-lived batch: 45 days, not 30 %, decides.
    const short = { manufacturedOn: '2026-10-01', expiresOn: '2026-12-30' };
    expect(lastShipDay(short)).toBe('2026-11-05');
  });

  it('never ships a batch without dates, and says where each batch stands', () => {
    expect(canShip({ manufacturedOn: null, expiresOn: null }, '2026-11-27')).toBe(false);
    expect(shelfLifeState({ manufacturedOn: null, expiresOn: null }, '2026-11-27')).toBe('undated');
    const batch = { manufacturedOn: '2026-01-01', expiresOn: '2028-01-01' };
    expect(shelfLifeState(batch, '2027-01-01')).toBe('fine');
    expect(shelfLifeState(batch, '2027-04-16')).toBe('fine');
    expect(shelfLifeState(batch, '2027-04-17')).toBe('near_line'); // 30 days before the last day
    expect(shelfLifeState(batch, '2027-05-18')).toBe('past_line');
    expect(shelfLifeLeft(batch, '2027-01-01')).toBeCloseTo(0.5, 2);
  });

  it('reads only real dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('28/02/2026')).toBe(false);
  });
});
