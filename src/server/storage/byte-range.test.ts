import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range';

describe('parseByteRange', () => {
  it('reads the three forms of one range', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('answers unsatisfiable for ranges past the end', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=5000-6000', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('ignores what it does not serve: no header, other units, several ranges, nonsense', () => {
    for (const header of [
      null,
      '',
      'bytes=',
      'bytes=-',
      'items=0-5',
      'bytes=0-5,10-20',
      'bytes=9-3',
      'bytes=a-b',
      'bytes=99999999999999999999-',
    ]) {
      expect(parseByteRange(header, 1000), String(header)).toBeNull();
    }
  });

  it('never answers a range outside the file', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.option(fc.nat(20_000)), fc.option(fc.nat(20_000)), (size, a, b) => {
        const range = parseByteRange(`bytes=${a ?? ''}-${b ?? ''}`, size);
        if (range === null || range === 'unsatisfiable') return;
        expect(range.start).toBeGreaterThanOrEqual(0);
        expect(range.end).toBeLessThan(size);
        expect(range.start).toBeLessThanOrEqual(range.end);
      }),
    );
  });
});
