import { describe, expect, it } from 'vitest';
import { afterToggle } from './Accordion';

describe('afterToggle (one open section)', () => {
  it('opening a section makes it the open one', () => {
    expect(afterToggle(null, 2, true)).toBe(2);
    expect(afterToggle(0, 2, true)).toBe(2);
  });

  it('closing the open section leaves none open', () => {
    expect(afterToggle(2, 2, false)).toBeNull();
  });

  it('the browser closing a sibling, in either order, does not undo the newly opened one', () => {
    expect(afterToggle(afterToggle(0, 1, true), 0, false)).toBe(1);
    expect(afterToggle(afterToggle(0, 0, false), 1, true)).toBe(1);
  });
});
