// The layout islands' data on a real database: what they show, and that each process's route cache may keep
// it until the catalogue changes, but never a fallback shown because the database could not be read.
import { describe, expect, it, vi } from 'vitest';
import * as catalog from '../catalog/catalog.server';
import { loadBestsellers, loadShopMenu, loadWellnessGoals } from './layout.server';

vi.mock('../catalog/catalog.server', async (importOriginal) => {
  const original = await importOriginal<typeof catalog>();
  return { ...original, listCategories: vi.fn(original.listCategories) };
});

const islandCache = () => ({ set: vi.fn() });
const untilCatalogueChanges = { maxAge: 3600, swr: 60, tags: ['catalog'] };

describe('layout islands', () => {
  it('are kept until the catalogue changes when they come from the database', async () => {
    for (const load of [loadShopMenu, loadBestsellers, loadWellnessGoals]) {
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
    vi.mocked(catalog.listCategories).mockRejectedValueOnce(new Error('connection refused'));
    const cache = islandCache();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await loadShopMenu(cache)).toEqual({ categories: [], featured: [] });
    expect(errors).toHaveBeenCalledWith('Header menu: catalogue unavailable', expect.any(Error));
    expect(cache.set).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
