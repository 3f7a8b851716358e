// Listing state ↔ URL, shared by the /shop-all and /shop-by-wellness pages and their islands.
// Browser-safe: only types come from the server module.
import type { ListingPage, Sort } from './catalog.types';
import { wellnessFromHash, type WellnessCategory } from '../../lib/wellness';

/** A listing page without its products: the server renders those cards as static HTML instead of
 * serialising them into island props, which keeps the HTML small and hydration cheap. */
export interface ListingTotals {
  total: number;
  page: number;
  pageSize: number;
  count: number;
}

export const listingTotals = ({ total, page, pageSize, items }: ListingPage): ListingTotals => ({
  total,
  page,
  pageSize,
  count: items.length,
});

export interface ListingState {
  sort: Sort;
  category: string | null;
  page: number;
}

export const SHOP_ALL_PATH = '/shop-all';
export const SORT_DEBOUNCE_MS = 250;

// Keyed by the Sort type, so a new sort value cannot ship without its label.
export const SORT_LABELS: Record<Sort, string> = {
  featured: 'Featured',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
};

/** '?sort=…&category=…&page=…' without the defaults, so equal states give equal (cacheable, canonical) URLs. */
export function listingSearch({ sort, category, page }: Partial<ListingState>): string {
  const params = new URLSearchParams();
  if (sort && sort !== 'featured') params.set('sort', sort);
  if (category) params.set('category', category);
  if (page && page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const listingHref = (state: Partial<ListingState>) => `${SHOP_ALL_PATH}${listingSearch(state)}`;

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Spec §8: 'Error: {message}', with 'Unknown error' for anything that is not an Error. */
export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');

export async function fetchListing(state: Partial<ListingState>, signal?: AbortSignal): Promise<ListingPage> {
  const response = await fetch(`/api/products${listingSearch(state)}`, {
    signal,
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Products could not be loaded (HTTP ${response.status})`);
  return response.json();
}

/** The hash picks the wellness category; without one, the ?goal= the server rendered. */
export function wellnessFromLocation(hash: string, search: string): WellnessCategory {
  return wellnessFromHash(hash.replace(/^#/, '') ? hash : new URLSearchParams(search).get('goal'));
}

export const wellnessTitle = (category: WellnessCategory) =>
  `${category.name} | Shop by Wellness Goal | Vedara Ayurveda`;
