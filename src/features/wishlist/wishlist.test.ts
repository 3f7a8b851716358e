import { expect, it } from 'vitest';
import { heartLabel, parseProductIds, parseStoredWishlist, WISHLIST_MAX } from './wishlist';

it('reads product ids from lists and comma strings, each once, positive, capped', () => {
  expect(parseProductIds([3, '5', 3, 0, -1, 'x', 2.5, '12'])).toEqual([3, 5, 12]);
  expect(parseProductIds(' 4, 7 ,, 4,abc')).toEqual([4, 7]);
  expect(parseProductIds({ ids: [1] })).toEqual([]);
  expect(parseProductIds(Array.from({ length: 150 }, (_, i) => i + 1))).toHaveLength(WISHLIST_MAX);
});

it('reads the browser copy defensively', () => {
  expect(parseStoredWishlist('{"owner":"account","ids":[2,2,9]}')).toEqual({ owner: 'account', ids: [2, 9] });
  for (const raw of [null, '', 'nope', '[1,2]', '{"owner":"admin","ids":[1]}'])
    expect(parseStoredWishlist(raw)).toEqual({ owner: 'guest', ids: [] });
});

it('names the heart after the product', () => {
  expect(heartLabel('Triphala Tablets')).toBe('Save Triphala Tablets to wishlist');
});
