// Pure carousel arithmetic, shared by the hero island and its tests.

/** Index `i` wrapped into 0..count-1, so stepping past either end lands on the other. */
export function wrapIndex(i: number, count: number): number {
  if (count <= 0) return 0;
  return ((i % count) + count) % count;
}

/** Slides to move for a horizontal swipe of `deltaX` px: left swipe → next (+1), right → previous (-1). */
export function swipeStep(deltaX: number, threshold = 40): -1 | 0 | 1 {
  if (Math.abs(deltaX) < threshold) return 0;
  return deltaX < 0 ? 1 : -1;
}
