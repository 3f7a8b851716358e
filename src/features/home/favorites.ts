// Loading the home 'Most Loved Picks' (spec §4 'Home grid', §8): success or the toast text to show.
import type { ProductSummary } from '../catalog/catalog.types';

export const FAVORITES_COUNT = 4;
export const FAVORITES_URL = '/api/products/favorites';
export const FAVORITES_FALLBACK_MESSAGE =
  'the product service did not respond as expected. Please check your network connection or the database access policies.';
export const FAVORITES_UNEXPECTED_MESSAGE = 'An unexpected error occurred while loading products.';

export type FavoritesResult = { ok: true; items: ProductSummary[] } | { ok: false; message: string };

/** The `message` (or `error`) of a JSON error body, if it has one. */
async function errorMessageOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown; error?: unknown };
    const message = body?.message ?? body?.error;
    return typeof message === 'string' && message.trim() ? message.trim() : null;
  } catch {
    return null;
  }
}

export async function loadFavorites(fetcher: typeof fetch = fetch): Promise<FavoritesResult> {
  try {
    const response = await fetcher(FAVORITES_URL, { headers: { accept: 'application/json' } });
    if (!response.ok) {
      return {
        ok: false,
        message: `Failed to load products: ${(await errorMessageOf(response)) ?? FAVORITES_FALLBACK_MESSAGE}`,
      };
    }
    const body = (await response.json()) as { items: ProductSummary[] };
    return { ok: true, items: body.items.slice(0, FAVORITES_COUNT) };
  } catch {
    return { ok: false, message: FAVORITES_UNEXPECTED_MESSAGE };
  }
}
