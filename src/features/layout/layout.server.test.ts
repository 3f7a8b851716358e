// The layout islands' data on a real database: what they show, and that each process's route cache may keep
// it until the catalogue changes, but never a fallback shown because the database could not be read.
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../db/client';
import * as catalog from '../catalog/catalog.server';
import * as wellness from '../catalog-desk/wellness.server';
import { takeFallbackMark } from '../../server/http/page-fallbacks';
import * as pricing from '../pricing/pricing.server';
import { STANDING_TICKER_LINES } from '../pricing/offer-lines';
import {
  loadBestsellers,
  loadShopMenu,
  loadTickerLines,
  loadWellnessGoals,
  wellnessGoalsForPage,
} from './layout.server';

vi.mock('../catalog-desk/wellness.server', async (importOriginal) => {
  const original = await importOriginal<typeof wellness>();
  return { ...original, listWellnessGoals: vi.fn(original.listWellnessGoals) };
});

vi.mock('../catalog/catalog.server', async (importOriginal) => {
  const original = await importOriginal<typeof catalog>();
  return { ...original, keptCategories: vi.fn(original.keptCategories) };
});

vi.mock('../pricing/pricing.server', async (importOriginal) => {
  const original = await importOriginal<typeof pricing>();
  return { ...original, loadLiveOffers: vi.fn(original.loadLiveOffers) };
});

const islandCache = () => ({ set: vi.fn() });
const untilCatalogueChanges = { maxAge: 3600, swr: 60, tags: ['catalog'] };

describe('layout islands', () => {
  // Each test starts after a catalogue change, so the process's kept reads (catalogue-memo.server.ts)
  // read the database again.
  const catalogueChanged = async () => (await getDb()).execute(sql`update catalogue_version set version = version + 1`);
  beforeEach(catalogueChanged);

  it('are kept until the catalogue changes when they come from the database', async () => {
    for (const load of [loadShopMenu, loadBestsellers, loadWellnessGoals, loadTickerLines]) {
      const cache = islandCache();
      await load(cache);
      expect(cache.set, load.name).toHaveBeenCalledExactlyOnceWith(untilCatalogueChanges);
    }
    const cache = islandCache();
    const menu = await loadShopMenu(cache);
    expect(menu.categories.length).toBeGreaterThan(0);
    expect(menu.featured).toHaveLength(3);
  });

  it('show the fallback and are not kept when the database cannot be read', async () => {
    vi.mocked(catalog.keptCategories).mockRejectedValueOnce(new Error('connection refused'));
    const cache = islandCache();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await loadShopMenu(cache)).toEqual({ categories: [], featured: [] });
    expect(errors).toHaveBeenCalledWith('Header menu: catalogue unavailable', expect.any(Error));
    expect(cache.set).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('the offers ticker falls back to the offers the code always applies, and is not kept', async () => {
    vi.mocked(pricing.loadLiveOffers).mockRejectedValueOnce(new Error('connection refused'));
    const cache = islandCache();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await loadTickerLines(cache)).toEqual(STANDING_TICKER_LINES);
    expect(errors).toHaveBeenCalledWith('Offers ticker: database unavailable', expect.any(Error));
    expect(cache.set).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('read into a page rendered on request once for its three views, and mark the page when they fell back', async () => {
    const page = () => ({
      request: new Request('http://127.0.0.1:4321/product/1'),
      url: new URL('http://127.0.0.1:4321/product/1?utm_source=x'),
    });
    const shopper = page();
    vi.mocked(wellness.listWellnessGoals).mockClear();
    const views = await Promise.all([1, 2, 3].map(() => wellnessGoalsForPage(shopper)));
    expect(wellness.listWellnessGoals).toHaveBeenCalledTimes(1);
    expect(views[0].map((goal) => goal.key)).toContain('energy');
    expect(takeFallbackMark(shopper.url), 'read from the database: the page may be kept').toBe(false);

    await catalogueChanged();
    vi.mocked(wellness.listWellnessGoals).mockRejectedValueOnce(new Error('connection refused'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const unlucky = page();
    expect((await wellnessGoalsForPage(unlucky)).length).toBeGreaterThan(0);
    expect(
      takeFallbackMark(new URL('http://127.0.0.1:4321/product/1')),
      'the built-in goals: not kept for everyone',
    ).toBe(true);
    errors.mockRestore();
  });
});
