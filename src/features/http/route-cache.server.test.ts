// The route cache as Astro drives it (onRequest with the page's render as `next`): a cached page's later
// hits go out as compressed bytes made once, in the encoding the browser takes, and a new rendering
// (the catalogue changed) is never answered with the old one's bytes.
import zlib from 'node:zlib';
import type { CacheProvider } from 'astro';
import { describe, expect, it } from 'vitest';
import storeRouteCache from './route-cache.server';

const URL_ = 'http://127.0.0.1:4321/shop-all';
const page = (label: string) =>
  `<!doctype html><title>Shop all</title>${`<article>${label} Ashwagandha Gummies</article>`.repeat(400)}`;

function store(extraHeaders: Record<string, string> = {}, maxBytes = 2 ** 20) {
  const provider = storeRouteCache({ maxBytes }) as CacheProvider & {
    onRequest: NonNullable<CacheProvider['onRequest']>;
  };
  let renders = 0;
  let label = 'first';
  const get = (acceptEncoding?: string, url = URL_) => {
    const request = new Request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    const context = { request, url: new URL(url), logger: { warn: () => {} } } as unknown as Parameters<
      typeof provider.onRequest
    >[0];
    return provider.onRequest(context, async () => {
      renders += 1;
      return new Response(page(label), {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cdn-cache-control': 'max-age=3600',
          'cache-tag': 'catalog',
          ...extraHeaders,
        },
      });
    });
  };
  return {
    get,
    renders: () => renders,
    rerender: async (next: string) => {
      label = next;
      await provider.invalidate({ tags: ['catalog'] });
    },
  };
}

/** Asks until the hit comes compressed (its copy is made off the event loop after the first hit). */
async function compressedHit(get: () => Promise<Response>): Promise<Response> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await get();
    if (response.headers.get('content-encoding')) return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the cached page never came compressed');
}

describe('route cache with compressed copies', () => {
  it('renders a page once, then sends its brotli bytes to a browser that takes brotli', async () => {
    const cache = store();
    const first = await cache.get('br, gzip');
    expect(first.headers.get('x-astro-cache')).toBe('MISS');
    expect(await first.text()).toBe(page('first'));
    const hit = await compressedHit(() => cache.get('gzip, deflate, br'));
    expect(hit.headers.get('content-encoding')).toBe('br');
    expect(hit.headers.get('vary')).toContain('Accept-Encoding');
    expect(hit.headers.has('x-store-rendering')).toBe(false);
    const bytes = Buffer.from(await hit.arrayBuffer());
    expect(bytes.length).toBeLessThan(page('first').length / 10);
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(page('first'));
    expect(cache.renders()).toBe(1);
  });

  it('sends gzip to a browser without brotli and the page as it is to one that takes neither', async () => {
    const cache = store();
    await (await cache.get()).text();
    const gzipped = await compressedHit(() => cache.get('gzip'));
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(page('first'));
    const plain = await cache.get('identity');
    expect(plain.headers.get('x-astro-cache')).toBe('HIT');
    expect(plain.headers.has('content-encoding')).toBe(false);
    expect(await plain.text()).toBe(page('first'));
  });

  it('answers with the new rendering after the catalogue changed, never the old bytes', async () => {
    const cache = store();
    await (await cache.get('br')).text();
    await (await compressedHit(() => cache.get('br'))).arrayBuffer();
    await cache.rerender('second');
    const fresh = await cache.get('br');
    expect(fresh.headers.get('x-astro-cache')).toBe('MISS');
    expect(await fresh.text()).toBe(page('second'));
    const hit = await compressedHit(() => cache.get('br'));
    expect(zlib.brotliDecompressSync(Buffer.from(await hit.arrayBuffer())).toString()).toBe(page('second'));
    expect(cache.renders()).toBe(2);
  });

  it('keeps one copy for links that differ only by campaign parameters or parameter order', async () => {
    const cache = store();
    await (await cache.get('br', `${URL_}?sort=price-low&category=sleep`)).text();
    const tagged = await cache.get('br', `${URL_}?utm_source=newsletter&category=sleep&sort=price-low&fbclid=x1`);
    expect(tagged.headers.get('x-astro-cache')).toBe('HIT');
    expect((await cache.get('br', `${URL_}?sort=price-high&category=sleep`)).headers.get('x-astro-cache')).toBe('MISS');
    expect(cache.renders()).toBe(2);
  });

  it('never keeps a page that sets a cookie: the next visitor gets a page rendered for them', async () => {
    const cache = store({ 'set-cookie': 'session=abc; HttpOnly' });
    await (await cache.get('br')).text();
    const second = await cache.get('br');
    expect(second.headers.get('x-astro-cache')).toBeNull();
    expect(cache.renders()).toBe(2);
  });

  it('keeps pages within its memory budget, letting the least recently asked go first', async () => {
    // Each page is 17.2 KB (its copies a few hundred bytes): three fit in 60 KB, a fourth pushes out the oldest.
    const cache = store({}, 60 * 1024);
    const at = (path: string) => `http://127.0.0.1:4321/shop-all?category=${path}`;
    for (const category of ['sleep', 'gut', 'stress']) await compressedHit(() => cache.get('br', at(category)));
    expect((await cache.get('br', at('sleep'))).headers.get('x-astro-cache')).toBe('HIT');
    await compressedHit(() => cache.get('br', at('glucose')));
    expect(cache.renders()).toBe(4);
    expect((await cache.get('br', at('sleep'))).headers.get('x-astro-cache')).toBe('HIT');
    expect((await cache.get('br', at('gut'))).headers.get('x-astro-cache')).toBe('MISS');
  });

  it('keeps a server island from its second request on: an address asked for once (its page rendered per visit) takes no room', async () => {
    const cache = store();
    const island = (props: string) => `http://127.0.0.1:4321/_server-islands/ShopMenuContents?e=${props}&p=${props}&s=`;
    for (const props of ['cart-visit-1', 'cart-visit-2'])
      expect((await cache.get('br', island(props))).headers.get('x-astro-cache')).toBeNull();
    expect((await cache.get('br', island('listing'))).headers.get('x-astro-cache')).toBeNull();
    expect((await cache.get('br', island('listing'))).headers.get('x-astro-cache')).toBe('MISS');
    expect((await cache.get('br', island('listing'))).headers.get('x-astro-cache')).toBe('HIT');
    expect(cache.renders()).toBe(4);
    expect((await cache.get('br', island('cart-visit-1'))).headers.get('x-astro-cache')).toBe('MISS');
  });

  it('with a budget of 0 (ROUTE_CACHE_MB=0) renders every request', async () => {
    const cache = store({}, 0);
    for (let i = 0; i < 3; i++) expect((await cache.get('br')).headers.get('x-astro-cache')).toBeNull();
    expect(cache.renders()).toBe(3);
  });
});
