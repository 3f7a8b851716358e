// Catalogue data the header menus and the footer show on every page. The chrome must never take a
// page down with it (the 404 page, policies), so a failing catalogue read degrades to fewer links.
import { WELLNESS_CATEGORIES, type WellnessCategory } from '../../lib/wellness';
import { getPricing, keptCategories, listFeatured } from '../catalog/catalog.server';
import type { ProductSummary } from '../catalog/catalog.types';
import { listWellnessGoals } from '../catalog-desk/wellness.server';
import { CATALOG_TAG } from '../catalog/catalogue-changes.server';
import { markFallback } from '../../server/http/page-fallbacks';
import { getDb } from '../../db/client';
import { STANDING_TICKER_LINES, tickerLines } from '../pricing/offer-lines';
import { loadLiveOffers } from '../pricing/pricing.server';
import { BESTSELLERS, type SiteLink } from './site-links';
import { keptPerCatalogue } from '../catalog/catalogue-memo.server';

// Read once per catalogue version, not once per page rendered (catalogue-memo.server.ts).
const keptFeatured = keptPerCatalogue(listFeatured, 1);
const keptBestsellerNames = keptPerCatalogue(
  async () => new Map((await getPricing(BESTSELLERS.map((b) => b.id))).map((p) => [p.id, p.name])),
  1,
);
const keptWellnessGoals = keptPerCatalogue(listWellnessGoals, 1);
const keptTickerLines = keptPerCatalogue(async () => tickerLines(await loadLiveOffers(await getDb())), 1);

/** The route cache of the island being rendered (Astro.cache). */
export interface IslandCache {
  set(options: { maxAge: number; swr: number; tags: string[] }): void;
}

/**
 * Every page view asks for the layout's islands (six on a listing), so each process keeps their answers
 * until the catalogue changes: the NOTIFY that purges catalogue pages in every process purges them too,
 * and a desk change still shows at once. A fallback shown because the database failed is never kept.
 */
export const keepUntilCatalogueChanges = (cache: IslandCache | undefined) =>
  cache?.set({ maxAge: 3600, swr: 60, tags: [CATALOG_TAG] });

export interface ShopMenu {
  categories: SiteLink[];
  featured: ProductSummary[];
}

export async function loadShopMenu(cache?: IslandCache): Promise<ShopMenu> {
  try {
    const [categories, featured] = await Promise.all([keptCategories(), keptFeatured(3)]);
    keepUntilCatalogueChanges(cache);
    return {
      categories: categories.map((c) => ({ label: c.value, href: `/shop-all?category=${encodeURIComponent(c.name)}` })),
      featured,
    };
  } catch (error) {
    console.error('Header menu: catalogue unavailable', error);
    return { categories: [], featured: [] };
  }
}

/** Footer bestsellers that still exist, named as the catalogue names them. */
export async function loadBestsellers(cache?: IslandCache): Promise<SiteLink[]> {
  try {
    const names = await keptBestsellerNames();
    keepUntilCatalogueChanges(cache);
    return BESTSELLERS.filter((b) => names.has(b.id)).map((b) => ({ label: names.get(b.id)!, href: b.href }));
  } catch (error) {
    console.error('Footer bestsellers: catalogue unavailable', error);
    return BESTSELLERS;
  }
}

/** The wellness goals the shop shows (configured at /admin/wellness); the built-in ones if the database cannot be read. */
export async function loadWellnessGoals(cache?: IslandCache): Promise<WellnessCategory[]> {
  try {
    const goals = await keptWellnessGoals();
    keepUntilCatalogueChanges(cache);
    return goals;
  } catch (error) {
    console.error('Wellness goals: database unavailable', error);
    return [...WELLNESS_CATEGORIES];
  }
}

/**
 * The offers ticker's lines, from the offers the quote applies now (pricing/offer-lines.ts). The desk's
 * payment settings notify 'catalog_changed' like the catalogue does, so a new online-payment offer
 * purges the pages and islands that show the old one. Without the database: only the standing lines.
 */
export async function loadTickerLines(cache?: IslandCache): Promise<string[]> {
  try {
    const lines = await keptTickerLines();
    keepUntilCatalogueChanges(cache);
    return lines;
  } catch (error) {
    console.error('Offers ticker: database unavailable', error);
    return [...STANDING_TICKER_LINES];
  }
}

/** The layout's loads for one page rendered on request, each read once however many views show it. */
const pageLoads = new WeakMap<Request, Map<string, Promise<unknown>>>();

/**
 * A layout part read into the HTML of a page rendered on request, instead of a server island (decision
 * 0085-layout-chrome-in-rendered-pages): the page is kept in the route cache with the `catalog` tag, so
 * a desk change purges it with its goals and bestsellers. A fallback (the database could not be read)
 * marks the page, so the route cache does not keep it for everyone; a pre-rendered page asks the island
 * instead (it has no request).
 */
function loadForPage<T>(
  page: { request: Request; url: URL },
  name: string,
  load: (cache: IslandCache) => Promise<T>,
): Promise<T> {
  const loads = pageLoads.get(page.request) ?? new Map<string, Promise<unknown>>();
  pageLoads.set(page.request, loads);
  let loaded = loads.get(name) as Promise<T> | undefined;
  if (!loaded) {
    loaded = (async () => {
      let fromDatabase = false;
      const value = await load({
        set: () => {
          fromDatabase = true;
        },
      });
      if (!fromDatabase) markFallback(page.url);
      return value;
    })();
    loads.set(name, loaded);
  }
  return loaded;
}

export const shopMenuForPage = (page: { request: Request; url: URL }) => loadForPage(page, 'shop menu', loadShopMenu);

export const wellnessGoalsForPage = (page: { request: Request; url: URL }) =>
  loadForPage(page, 'wellness goals', loadWellnessGoals);

export const bestsellersForPage = (page: { request: Request; url: URL }) =>
  loadForPage(page, 'bestsellers', loadBestsellers);

export const tickerLinesForPage = (page: { request: Request; url: URL }) =>
  loadForPage(page, 'offers ticker', loadTickerLines);
