import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { niceScale } from './chart-scale';

describe('report chart scale', () => {
  it('tops out at a round figure above the highest point', () => {
    expect(niceScale(7, 5, true)).toEqual({ step: 2, top: 8 });
    expect(niceScale(10, 5, true)).toEqual({ step: 5, top: 15 });
    expect(niceScale(1, 5, true)).toEqual({ step: 1, top: 2 });
    expect(niceScale(48_350)).toEqual({ step: 20_000, top: 60_000 });
    expect(niceScale(100_000)).toEqual({ step: 50_000, top: 150_000 });
    expect(niceScale(0)).toEqual({ step: 1, top: 1 });
  });

  it('always covers the highest point with room to spare, in at most five steps', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e9, noNaN: true }), fc.boolean(), (max, whole) => {
        const { step, top } = niceScale(whole ? Math.ceil(max) : max, 5, whole);
        const highest = whole ? Math.ceil(max) : max;
        expect(top).toBeGreaterThan(highest);
        expect(top / step).toBeLessThanOrEqual(6);
        if (whole) expect(Number.isInteger(step)).toBe(true);
      }),
    );
  });
});
