import { describe, expect, it } from 'vitest';
import { FAVORITES_FALLBACK_MESSAGE, FAVORITES_URL, loadFavorites } from './favorites';

const product = (id: number) => ({
  id,
  slug: `p-${id}`,
  name: `Product ${id}`,
  thumbnailUrl: null,
  price: 999,
  discountPrice: 799,
  tags: [],
  category: 'ENERGY_VITALITY',
  categories: [],
  rating: 4.5,
  reviewCount: 2,
  buyOneGetOne: false,
});
const respond = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('loadFavorites', () => {
  it('asks the favourites endpoint and keeps at most four products', async () => {
    let asked = '';
    const fetcher = (async (url: string) => {
      asked = url;
      return respond(200, { items: [1, 2, 3, 4, 5].map(product) })();
    }) as unknown as typeof fetch;
    const result = await loadFavorites(fetcher);
    expect(asked).toBe(FAVORITES_URL);
    expect(result.ok && result.items.map((p) => p.id)).toEqual([1, 2, 3, 4]);
  });

  it('reports the server message on a non-OK response', async () => {
    const result = await loadFavorites(
      respond(500, { message: 'permission denied for table products' }) as unknown as typeof fetch,
    );
    expect(result).toEqual({ ok: false, message: 'Failed to load products: permission denied for table products' });
  });

  it('falls back to a hint about the network or database policies when there is no message', async () => {
    const fetcher = (async () => new Response('<html>Bad gateway</html>', { status: 502 })) as unknown as typeof fetch;
    const result = await loadFavorites(fetcher);
    expect(result).toEqual({ ok: false, message: `Failed to load products: ${FAVORITES_FALLBACK_MESSAGE}` });
    expect(FAVORITES_FALLBACK_MESSAGE).toMatch(/network/);
    expect(FAVORITES_FALLBACK_MESSAGE).toMatch(/database/);
  });

  it('reports the unexpected-error text when the request throws', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await loadFavorites(fetcher)).toEqual({
      ok: false,
      message: 'An unexpected error occurred while loading products.',
    });
  });
});
