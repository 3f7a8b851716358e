import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveItem } from './ordering';

describe('moveItem', () => {
  it('swaps an item with its neighbour and leaves the ends alone', () => {
    expect(moveItem([1, 2, 3], 2, 'up')).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 2, 'down')).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 1, 'up')).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 3, 'down')).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 9, 'down')).toEqual([1, 2, 3]);
  });

  it('keeps every item exactly once, and moving back undoes a move', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer(), { minLength: 1 }),
        fc.nat(),
        fc.constantFrom('up' as const, 'down' as const),
        (ids, pick, direction) => {
          const id = ids[pick % ids.length];
          const moved = moveItem(ids, id, direction);
          expect([...moved].sort()).toEqual([...ids].sort());
          if (moved.indexOf(id) !== ids.indexOf(id))
            expect(moveItem(moved, id, direction === 'up' ? 'down' : 'up')).toEqual(ids);
        },
      ),
    );
  });
});
