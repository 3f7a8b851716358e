import { describe, expect, it } from 'vitest';
import { swipeStep, wrapIndex } from './carousel';

describe('wrapIndex', () => {
  it('wraps past the last slide to the first and before the first to the last', () => {
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(2, 4)).toBe(2);
  });
  it('copes with an empty carousel', () => {
    expect(wrapIndex(3, 0)).toBe(0);
  });
});

describe('swipeStep', () => {
  it('ignores small movements', () => {
    expect(swipeStep(10)).toBe(0);
    expect(swipeStep(-39)).toBe(0);
  });
  it('goes forward on a left swipe and back on a right swipe', () => {
    expect(swipeStep(-80)).toBe(1);
    expect(swipeStep(80)).toBe(-1);
  });
});
