import { describe, expect, it } from 'vitest';
import { errorMessage, listingHref, listingSearch, listingTotals, pageCount, wellnessFromLocation } from './listing';

describe('listingSearch / listingHref', () => {
  it('leaves out defaults so equal states share one URL', () => {
    expect(listingHref({ sort: 'featured', category: null, page: 1 })).toBe('/shop-all');
    expect(listingSearch({})).toBe('');
  });

  it('keeps sort, category and page when they are not the default', () => {
    expect(listingHref({ sort: 'price-low', category: 'MIND_MOOD', page: 2 })).toBe(
      '/shop-all?sort=price-low&category=MIND_MOOD&page=2',
    );
    expect(listingSearch({ sort: 'price-high' })).toBe('?sort=price-high');
  });
});

describe('pageCount', () => {
  it('rounds up and never drops below one page', () => {
    expect(pageCount(0, 48)).toBe(1);
    expect(pageCount(48, 48)).toBe(1);
    expect(pageCount(49, 48)).toBe(2);
    expect(pageCount(10_000, 48)).toBe(209);
  });
});

describe('listingTotals', () => {
  it('drops the products but keeps how many there were', () => {
    const items = [{ id: 1 }, { id: 2 }] as never[];
    expect(listingTotals({ items, total: 30, page: 2, pageSize: 2, sort: 'featured' })).toEqual({
      total: 30,
      page: 2,
      pageSize: 2,
      count: 2,
    });
  });
});

describe('errorMessage', () => {
  it("uses an Error's message and 'Unknown error' otherwise", () => {
    expect(errorMessage(new Error('Network down'))).toBe('Network down');
    expect(errorMessage('boom')).toBe('Unknown error');
    expect(errorMessage(undefined)).toBe('Unknown error');
  });
});

describe('wellnessFromLocation', () => {
  it('lets the hash pick the category', () => {
    expect(wellnessFromLocation('#gut', '?goal=mind').key).toBe('gut');
  });

  it('falls back to ?goal= without a hash, and to energy without either', () => {
    expect(wellnessFromLocation('', '?goal=mind').key).toBe('mind');
    expect(wellnessFromLocation('#', '?goal=immunity').key).toBe('immunity');
    expect(wellnessFromLocation('', '').key).toBe('energy');
  });

  it('sends unknown hashes to energy', () => {
    expect(wellnessFromLocation('#dreams', '?goal=gut').key).toBe('energy');
  });

  it('opens Restful Sleep like every other goal (/shop-by-wellness#sleep)', () => {
    expect(wellnessFromLocation('#sleep', '').key).toBe('sleep');
    expect(wellnessFromLocation('', '?goal=sleep')).toMatchObject({
      key: 'sleep',
      code: 'SLEEP_REST',
      name: 'Restful Sleep',
    });
  });
});
