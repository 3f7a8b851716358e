// Loading the home 'Most Loved Picks' (spec §4 'Home grid', §8): the cards' HTML, or the toast text to show.

export const FAVORITES_COUNT = 4;
export const FAVORITES_URL = '/api/products/favorites';
export const FAVORITES_FALLBACK_MESSAGE =
  'the product service did not respond as expected. Please check your network connection or the database access policies.';
export const FAVORITES_UNEXPECTED_MESSAGE = 'An unexpected error occurred while loading products.';

export type FavoritesResult = { ok: true; html: string } | { ok: false; message: string };

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
    // HTML: the server renders the cards (src/pages/api/products/favorites.ts); errors still come as JSON.
    const response = await fetcher(FAVORITES_URL, { headers: { accept: 'text/html' } });
    if (!response.ok) {
      return {
        ok: false,
        message: `Failed to load products: ${(await errorMessageOf(response)) ?? FAVORITES_FALLBACK_MESSAGE}`,
      };
    }
    return { ok: true, html: await response.text() };
  } catch {
    return { ok: false, message: FAVORITES_UNEXPECTED_MESSAGE };
  }
}
