// The store's route cache: pages that call Astro.cache.set() are rendered once per process and kept in
// memory until their time runs out or the catalogue changes (catalog/route-cache.ts purges by tag in
// every process). It replaces Astro's memory provider for two reasons (decision 0065):
// - each page is kept as bytes, with brotli and gzip copies made once, off the event loop; a hit sends
//   the copy the browser takes. Astro's provider built every hit from a fresh copy of the whole page and
//   the serve layer compressed it again, which made a 48-card listing four times as costly per hit as a
//   two-card one;
// - a hit gets the HTTP boundary's per-request headers (finishResponse): the cache answers before
//   src/middleware.ts runs, so without this a page would go out with the headers of whoever caused it
//   to be rendered (no HSTS over https, a public Cache-Control for a visitor who has a session).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { CacheProvider, CacheProviderFactory } from 'astro';
import { acceptedEncodings } from '../../lib/accept-encoding';
import { env } from '../../lib/env.server';
import { registerRouteCache } from '../catalog/route-cache';
import { finishResponse } from './boundary.server';
import { isServerIsland } from './response-policy';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Query parameters that never change a page (campaign and click ids): one cached copy for all of them. */
const TRACKING_PARAMETER =
  /^(utm_.+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|twclid|yclid|mc_cid|mc_eid|_ga|_gl|ref)$/i;

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  compressed?: { br: Buffer; gzip: Buffer };
  tags: string[];
  storedAt: number;
  maxAgeMs: number;
  staleMs: number;
}

type RouteCacheContext = Parameters<NonNullable<CacheProvider['onRequest']>>[0];

function cacheKey(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  for (const name of [...params.keys()]) if (TRACKING_PARAMETER.test(name)) params.delete(name);
  params.sort();
  const query = params.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/** max-age and stale-while-revalidate of the CDN-Cache-Control Astro derives from Astro.cache.set(). */
function lifetime(header: string | null): { maxAgeMs: number; staleMs: number } {
  const seconds = (name: string) => Number(header?.match(new RegExp(`(?:^|,)\\s*${name}=(\\d+)`, 'i'))?.[1] ?? 0);
  return { maxAgeMs: seconds('max-age') * 1000, staleMs: seconds('stale-while-revalidate') * 1000 };
}

/** A response the cache may keep for everyone: it asked to be kept and is the same for every visitor. */
function keepable(response: Response): boolean {
  if (lifetime(response.headers.get('cdn-cache-control')).maxAgeMs <= 0) return false;
  if (response.headers.has('set-cookie') || response.headers.has('vary')) return false;
  // Cookies set through Astro.cookies ride on the response until Astro writes them out.
  const cookies = Reflect.get(response, Symbol.for('astro.cookies')) as { headers(): Iterator<string> } | undefined;
  return !cookies || Boolean(cookies.headers().next().done);
}

/** How many server-island addresses asked for once are remembered (~250 bytes each). */
const ISLANDS_ASKED_ONCE = 10_000;

/** Memory a kept page holds: its bytes and their compressed copies (headers and bookkeeping are small). */
const sizeOf = (page: CachedPage) =>
  page.body.length + (page.compressed ? page.compressed.br.length + page.compressed.gzip.length : 0);

class RouteCache {
  /** Least recently used first. */
  readonly #pages = new Map<string, CachedPage>();
  #bytes = 0;
  /** Server-island addresses asked for once and not kept yet, oldest first. */
  readonly #islandsAskedOnce = new Set<string>();
  /** 0: nothing is kept, every request renders (ROUTE_CACHE_MB=0). */
  constructor(private readonly maxBytes: number) {}

  async onRequest(context: RouteCacheContext, next: () => Promise<Response>): Promise<Response> {
    const { request } = context;
    if (request.method !== 'GET' || this.maxBytes === 0) return next();
    const key = cacheKey(context.url);
    const page = this.#pages.get(key);
    if (page) {
      const age = Date.now() - page.storedAt;
      if (age <= page.maxAgeMs) return this.#answer(context, this.#touch(key, page), 'HIT');
      if (age <= page.maxAgeMs + page.staleMs) {
        this.#revalidate(context, key, next);
        return this.#answer(context, page, 'STALE');
      }
    }
    const response = await next();
    if (!keepable(response) || !this.#askedBefore(context.url, key)) return response;
    await this.#store(key, response.clone());
    response.headers.set('x-astro-cache', 'MISS');
    return response;
  }

  async invalidate({ tags = [], path }: { tags?: string | string[]; path?: string }): Promise<void> {
    const purged = new Set(Array.isArray(tags) ? tags : [tags]);
    for (const [key, page] of this.#pages) {
      if (page.tags.some((tag) => purged.has(tag)) || (path !== undefined && new URL(key).pathname === path))
        this.#remove(key);
    }
  }

  /**
   * A server island's address carries its props encrypted afresh each time its page is rendered, so a
   * page rendered for every request (the cart, checkout) gives its islands addresses nobody asks for
   * again. An island is kept from its second request on, so those never push pages out of the budget.
   */
  #askedBefore(url: URL, key: string): boolean {
    if (!isServerIsland(url.pathname) || this.#islandsAskedOnce.delete(key)) return true;
    this.#islandsAskedOnce.add(key);
    if (this.#islandsAskedOnce.size > ISLANDS_ASKED_ONCE)
      this.#islandsAskedOnce.delete(this.#islandsAskedOnce.values().next().value as string);
    return false;
  }

  #remove(key: string): void {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#pages.delete(key);
    this.#bytes -= sizeOf(page);
  }

  /** Drops the least recently used pages until the kept bytes fit the budget. */
  #evict(): void {
    while (this.#bytes > this.maxBytes && this.#pages.size > 0) this.#remove(this.#pages.keys().next().value as string);
  }

  #touch(key: string, page: CachedPage): CachedPage {
    this.#pages.delete(key);
    this.#pages.set(key, page);
    return page;
  }

  async #store(key: string, response: Response): Promise<void> {
    const page: CachedPage = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== 'set-cookie'),
      body: Buffer.from(await response.arrayBuffer()),
      tags: (response.headers.get('cache-tag') ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      storedAt: Date.now(),
      ...lifetime(response.headers.get('cdn-cache-control')),
    };
    this.#remove(key);
    if (page.body.length > this.maxBytes) return;
    this.#pages.set(key, page);
    this.#bytes += page.body.length;
    this.#evict();
    if (page.status === 200) void this.#compress(key, page);
  }

  /** The compressed copies count against the budget once made, if the page is still kept by then. */
  async #compress(key: string, page: CachedPage): Promise<void> {
    const copies = await compressedCopies(page.body);
    if (!copies) return;
    // Set and counted in one step: #remove subtracts whatever the page holds when it goes.
    page.compressed = copies;
    if (this.#pages.get(key) !== page) return;
    this.#bytes += copies.br.length + copies.gzip.length;
    this.#evict();
  }

  /** Renders the page again for the next visitors while this one gets the stale copy. */
  #revalidate(context: RouteCacheContext, key: string, next: () => Promise<Response>): void {
    next()
      .then(async (fresh) => {
        if (keepable(fresh)) await this.#store(key, fresh);
        else this.#remove(key);
      })
      .catch((error) =>
        context.logger.warn(`Refreshing ${context.url.pathname}${context.url.search} failed: ${String(error)}`),
      );
  }

  /** The kept page as this request should get it: its encoding, and the boundary's headers for this visitor. */
  #answer(context: RouteCacheContext, page: CachedPage, state: 'HIT' | 'STALE'): Response {
    const headers = new Headers(page.headers);
    headers.set('x-astro-cache', state);
    let body = page.body;
    const accepted = acceptedEncodings(context.request.headers.get('accept-encoding'));
    const encoding = !page.compressed
      ? undefined
      : accepted.has('br')
        ? 'br'
        : accepted.has('gzip')
          ? 'gzip'
          : undefined;
    if (page.compressed && encoding) {
      body = page.compressed[encoding];
      headers.set('content-encoding', encoding);
      headers.set('vary', 'Accept-Encoding');
    }
    const response = new Response(new Uint8Array(body), { status: page.status, headers });
    return finishResponse({ request: context.request, url: context.url, pendingCookies: 0 }, response);
  }
}

/** Brotli (best) and gzip copies, made in libuv's thread pool; until they exist hits go out as they are. */
async function compressedCopies(body: Buffer): Promise<CachedPage['compressed']> {
  try {
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      gzip(body, { level: 9 }),
    ]);
    return { br, gzip: gz };
  } catch (error) {
    console.error('Compressing a cached page failed; it goes out compressed per request', error);
    return undefined;
  }
}

/** The budget is read at run time (ROUTE_CACHE_MB), so one build serves any deployment; tests pass maxBytes. */
const storeRouteCache: CacheProviderFactory = (config) => {
  const cache = new RouteCache(
    (config as { maxBytes?: number } | undefined)?.maxBytes ?? env().ROUTE_CACHE_MB * 2 ** 20,
  );
  registerRouteCache(cache);
  return {
    name: 'store-route-cache',
    onRequest: (context, next) => cache.onRequest(context, next),
    invalidate: (options) => cache.invalidate(options),
  };
};

export default storeRouteCache;
