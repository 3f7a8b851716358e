// The route cache as Astro drives it (onRequest with the page's render as `next`): a cached page's later
// hits go out as compressed bytes made once, in the encoding the browser takes, and a new rendering
// (the catalogue changed) is never answered with the old one's bytes. A miss is answered at once with a
// cheap copy; requests for a page being rendered wait for that rendering (single flight).
import zlib from 'node:zlib';
import type { CacheProvider } from 'astro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markFallback } from './page-fallbacks';
import storeRouteCache, { brotliParams } from './route-cache.server';

const URL_ = 'http://127.0.0.1:4321/shop-all';
const page = (label: string) =>
  `<!doctype html><title>Shop all</title>${`<article>${label} Ashwagandha Gummies</article>`.repeat(400)}`;

function store(
  extraHeaders: Record<string, string> = {},
  maxBytes = 2 ** 20,
  {
    renderMs = 0,
    fail = false,
    html = page,
    fallback = false,
  }: { renderMs?: number; fail?: boolean; html?: typeof page; fallback?: boolean } = {},
) {
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
      if (renderMs) await new Promise((resolve) => setTimeout(resolve, renderMs));
      if (fail) throw new Error('database unavailable');
      if (fallback) markFallback(new URL(url));
      return new Response(html(label), {
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

const text = async (response: Response) => {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return zlib.brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(bytes).toString();
  return bytes.toString();
};

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

afterEach(() => {
  vi.restoreAllMocks();
});

describe('route cache with compressed copies', () => {
  it('renders a page once, then sends its brotli bytes to a browser that takes brotli', async () => {
    const cache = store();
    const first = await cache.get('br, gzip');
    expect(first.headers.get('x-astro-cache')).toBe('MISS');
    expect(first.headers.get('content-encoding'), 'the miss is compressed at once, cheaply').toBe('br');
    expect(await text(first)).toBe(page('first'));
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
    expect(await text(fresh)).toBe(page('second'));
    const hit = await compressedHit(() => cache.get('br'));
    expect(zlib.brotliDecompressSync(Buffer.from(await hit.arrayBuffer())).toString()).toBe(page('second'));
    expect(cache.renders()).toBe(2);
  });

  it('keeps one copy for links that differ only by campaign parameters or parameter order', async () => {
    const cache = store();
    await (await cache.get('br', `${URL_}?utm_source=newsletter&fbclid=x1`)).text();
    expect((await cache.get('br', URL_)).headers.get('x-astro-cache'), 'the page at its own address').toBe('HIT');
    await (await cache.get('br', `${URL_}?sort=price-low&category=sleep`)).text();
    await (await cache.get('br', `${URL_}?category=sleep&sort=price-low`)).text();
    const tagged = await cache.get('br', `${URL_}?utm_source=newsletter&category=sleep&sort=price-low&fbclid=x1`);
    expect(tagged.headers.get('x-astro-cache')).toBe('HIT');
    expect(cache.renders()).toBe(3);
  });

  it('keeps an address with a query string from its second request on: a query string asked for once takes no room', async () => {
    const cache = store();
    const once = await cache.get('br', `${URL_}?miss=1`);
    expect(once.headers.get('x-astro-cache'), 'rendered, not kept').toBeNull();
    expect(await once.text()).toBe(page('first'));
    for (let n = 2; n <= 50; n++) await (await cache.get('br', `${URL_}?miss=${n}`)).text();
    expect((await cache.get('br', `${URL_}?miss=1`)).headers.get('x-astro-cache'), 'asked again: kept').toBe('MISS');
    expect((await cache.get('br', `${URL_}?miss=1`)).headers.get('x-astro-cache')).toBe('HIT');
    expect((await cache.get('br', `${URL_}?miss=2`)).headers.get('x-astro-cache')).toBe('MISS');
    expect(cache.renders()).toBe(52);
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
    const at = (goal: string) => `http://127.0.0.1:4321/shop-by-wellness/${goal}`;
    for (const goal of ['sleep', 'gut', 'stress']) await compressedHit(() => cache.get('br', at(goal)));
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

  it('answers a miss with a cheap copy at once and swaps in the best copy once the page is asked for again', async () => {
    // Less repetitive than the other tests' page, as a real listing is: brotli 11 has something to find.
    const listing = (label: string) =>
      `<!doctype html><title>Shop all</title>${Array.from(
        { length: 400 },
        (_, i) =>
          `<article data-id="${i}">${label} ${['Ashwagandha', 'Triphala', 'Brahmi'][i % 3]} ₹${(i * 7919) % 1000}</article>`,
      ).join('')}`;
    const cache = store({}, 2 ** 20, { html: listing });
    const miss = await cache.get('br');
    const cheap = Buffer.from(await miss.arrayBuffer());
    expect(zlib.brotliDecompressSync(cheap).toString()).toBe(listing('first'));
    // The best copy (brotli 11) is made after the first hit, off the request path; until then hits get the cheap one.
    let best = cheap;
    for (let attempt = 0; attempt < 200 && best.length >= cheap.length; attempt++) {
      best = Buffer.from(await (await cache.get('br')).arrayBuffer());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(best.length).toBeLessThan(cheap.length);
    expect(zlib.brotliDecompressSync(best).toString()).toBe(listing('first'));
    expect(cache.renders()).toBe(1);
  });

  it('answers a browser that takes only gzip with gzip on a miss too', async () => {
    const cache = store();
    const miss = await cache.get('gzip');
    expect(miss.headers.get('content-encoding')).toBe('gzip');
    expect(await text(miss)).toBe(page('first'));
  });

  it('renders a cold page once for 50 requests that ask for it at the same time', async () => {
    const cache = store({}, 2 ** 20, { renderMs: 50 });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => cache.get(i % 5 ? 'br, gzip' : 'gzip')));
    expect(cache.renders()).toBe(1);
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(answers.filter((a) => a.headers.get('x-astro-cache') === 'MISS')).toHaveLength(1);
    for (const answer of answers) expect(await text(answer)).toBe(page('first'));
  });

  it('lets each waiting request render for itself when the rendering cannot be shared', async () => {
    const cache = store({ 'set-cookie': 'session=abc; HttpOnly' }, 2 ** 20, { renderMs: 20 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get('br')));
    expect(cache.renders()).toBe(5);
    for (const answer of answers) {
      expect(answer.headers.get('set-cookie')).toContain('session=abc');
      expect(await answer.text()).toBe(page('first'));
    }
  });

  it('lets the waiting requests try again when the rendering failed', async () => {
    const cache = store({}, 2 ** 20, { renderMs: 20, fail: true });
    const answers = await Promise.allSettled(Array.from({ length: 3 }, () => cache.get('br')));
    expect(answers.every((a) => a.status === 'rejected')).toBe(true);
    expect(cache.renders()).toBe(3);
  });

  it('refreshes a stale page once however many ask for it meanwhile', async () => {
    const cache = store({ 'cdn-cache-control': 'max-age=1, stale-while-revalidate=600' }, 2 ** 20, { renderMs: 20 });
    await (await cache.get('br')).arrayBuffer();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 5_000);
    const stale = await Promise.all(Array.from({ length: 20 }, () => cache.get('br')));
    expect(stale.every((a) => a.headers.get('x-astro-cache') === 'STALE')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cache.renders()).toBe(2);
    expect((await cache.get('br')).headers.get('x-astro-cache')).toBe('HIT');
  });

  it('never keeps a page that showed a fallback because part of it could not be read', async () => {
    const cache = store({}, 2 ** 20, { fallback: true });
    expect(await text(await cache.get('br'))).toBe(page('first'));
    expect((await cache.get('br')).headers.get('x-astro-cache')).toBeNull();
    expect(cache.renders()).toBe(2);
  });

  it('with a budget of 0 (ROUTE_CACHE_MB=0) renders every request', async () => {
    const cache = store({}, 0);
    for (let i = 0; i < 3; i++) expect((await cache.get('br')).headers.get('x-astro-cache')).toBeNull();
    expect(cache.renders()).toBe(3);
  });
});

describe('brotli settings for one page', () => {
  it("a window that just holds the page (not brotli's 4 MB): the same bytes out, far less memory for V8 to account", () => {
    const { BROTLI_PARAM_LGWIN } = zlib.constants;
    const html = page('first').repeat(6); // ~103 KB, a product page's size
    const params = brotliParams(5, html.length);
    expect(params[BROTLI_PARAM_LGWIN]).toBe(17); // 128 KB − 16 B holds it
    expect(2 ** params[BROTLI_PARAM_LGWIN] - 16).toBeGreaterThanOrEqual(html.length);
    const sized = zlib.brotliCompressSync(html, { params });
    const { [BROTLI_PARAM_LGWIN]: _window, ...defaultWindow } = params;
    expect(sized.length).toBe(zlib.brotliCompressSync(html, { params: defaultWindow }).length);
    expect(zlib.brotliDecompressSync(sized).toString()).toBe(html);
    // Brotli's own bounds: 10 bits at least, 24 at most.
    expect(brotliParams(5, 20)[BROTLI_PARAM_LGWIN]).toBe(10);
    expect(brotliParams(5, 2 ** 30)[BROTLI_PARAM_LGWIN]).toBe(24);
  });
});
