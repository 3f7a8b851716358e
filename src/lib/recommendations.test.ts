import { describe, expect, it } from 'vitest';
import { fillRecommendations } from './recommendations';

const p = (id: number) => ({ id });

describe('fillRecommendations (spec §7)', () => {
  it('takes same-category products first, then fills with others, never the current one', () => {
    expect(fillRecommendations([p(2), p(3)], [p(1), p(4), p(5)], 1, 4).map((x) => x.id)).toEqual([2, 3, 4, 5]);
  });

  it('de-duplicates by id and respects the limit', () => {
    expect(fillRecommendations([p(2), p(3)], [p(2), p(3), p(6)], 1, 2).map((x) => x.id)).toEqual([2, 3]);
    expect(fillRecommendations([p(2)], [p(2), p(6), p(7)], null, 3).map((x) => x.id)).toEqual([2, 6, 7]);
  });

  it('returns fewer when the catalogue runs out', () => {
    expect(fillRecommendations([], [p(1)], 1, 4)).toEqual([]);
  });
});
