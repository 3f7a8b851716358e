import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addIndiaBusinessDays, indiaDateKey, isIndiaBusinessDay } from './business-days';

const instant = fc.date({
  min: new Date('2025-01-01T00:00:00Z'),
  max: new Date('2028-12-31T00:00:00Z'),
  noInvalidDate: true,
});
/** A start and holidays in the weeks after it (up to 30 of the next 45 days closed). */
const startAndHolidays = fc.tuple(instant, fc.uniqueArray(fc.nat(45), { maxLength: 30 })).map(([start, offsets]) => ({
  start,
  closed: offsets.map((d) => indiaDateKey(new Date(start.getTime() + d * 86_400_000))),
}));

describe('addIndiaBusinessDays', () => {
  it('skips Sundays and holidays (India calendar days)', () => {
    // Thu 26 Nov 2026: Fri 27, Sat 28, (Sun 29), Mon 30
    expect(indiaDateKey(addIndiaBusinessDays(new Date('2026-11-26T06:00:00Z'), 3))).toBe('2026-11-30');
    expect(indiaDateKey(addIndiaBusinessDays(new Date('2026-11-26T06:00:00Z'), 3, ['2026-11-27']))).toBe('2026-12-01');
    expect(
      indiaDateKey(addIndiaBusinessDays(new Date('2026-11-26T06:00:00Z'), 2, new Set(['2026-11-27', '2026-11-28']))),
    ).toBe('2026-12-01');
    // 21:00 UTC on Sat 28 Nov is already Sunday 29 Nov in India
    expect(indiaDateKey(addIndiaBusinessDays(new Date('2026-11-28T21:00:00Z'), 1))).toBe('2026-11-30');
    expect(indiaDateKey(addIndiaBusinessDays(new Date('2026-11-26T06:00:00Z'), 0, ['2026-11-26']))).toBe('2026-11-26');
  });

  it('refuses a negative or fractional count', () => {
    expect(() => addIndiaBusinessDays(new Date(), -1)).toThrow(RangeError);
    expect(() => addIndiaBusinessDays(new Date(), 1.5)).toThrow(RangeError);
  });

  it('never lands on a Sunday or a holiday, and counts exactly n business days after the start', () => {
    fc.assert(
      fc.property(startAndHolidays, fc.integer({ min: 1, max: 30 }), ({ start, closed }, n) => {
        const end = addIndiaBusinessDays(start, n, closed);
        expect(isIndiaBusinessDay(end, closed)).toBe(true);
        expect(closed).not.toContain(indiaDateKey(end));
        let count = 0;
        for (let d = addIndiaBusinessDays(start, 0); indiaDateKey(d) < indiaDateKey(end); ) {
          d = new Date(d.getTime() + 86_400_000);
          if (isIndiaBusinessDay(d, closed)) count++;
        }
        expect(count).toBe(n);
      }),
    );
  });

  it('is monotonic: a later start or more days never gives an earlier day; a holiday never makes it earlier', () => {
    fc.assert(
      fc.property(
        startAndHolidays,
        fc.nat(3 * 86_400_000),
        fc.integer({ min: 0, max: 20 }),
        fc.nat(5),
        fc.nat(30),
        ({ start, closed }, later, n, more, extraOffset) => {
          const extra = indiaDateKey(new Date(start.getTime() + extraOffset * 86_400_000));
          const base = addIndiaBusinessDays(start, n, closed).getTime();
          expect(addIndiaBusinessDays(new Date(start.getTime() + later), n, closed).getTime()).toBeGreaterThanOrEqual(
            base,
          );
          expect(addIndiaBusinessDays(start, n + more, closed).getTime()).toBeGreaterThanOrEqual(base);
          expect(addIndiaBusinessDays(start, n, [...closed, extra]).getTime()).toBeGreaterThanOrEqual(base);
        },
      ),
    );
  });
});
