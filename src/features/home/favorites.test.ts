import { describe, expect, it } from 'vitest';
import { FAVORITES_FALLBACK_MESSAGE, FAVORITES_URL, loadFavorites } from './favorites';

const respond = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('loadFavorites', () => {
  it('asks the favourites endpoint for the cards as HTML and hands them on', async () => {
    let asked = '';
    let accept = '';
    const fetcher = (async (url: string, init: RequestInit) => {
      asked = url;
      accept = new Headers(init.headers).get('accept') ?? '';
      return new Response('<article>Product 1</article>', { headers: { 'content-type': 'text/html' } });
    }) as unknown as typeof fetch;
    const result = await loadFavorites(fetcher);
    expect(asked).toBe(FAVORITES_URL);
    expect(accept).toBe('text/html');
    expect(result).toEqual({ ok: true, html: '<article>Product 1</article>' });
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
