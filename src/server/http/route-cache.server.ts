// The store's route cache: pages that call Astro.cache.set() are rendered once per process and kept in
// memory until their time runs out or the catalogue changes (src/server/http/route-cache-handle.ts purges by tag in
// every process). It replaces Astro's memory provider for two reasons (decision 0065):
// - each page is kept as bytes, with brotli and gzip copies made once, off the event loop; a hit sends
//   the copy the browser takes. Astro's provider built every hit from a fresh copy of the whole page and
//   the serve layer compressed it again, which made a 48-card listing four times as costly per hit as a
//   two-card one;
// - a miss costs milliseconds (decision 0084-route-cache-miss-path): the page is compressed once,
//   cheaply (brotli 5 or gzip 6, ~3 ms), and those bytes answer the request and are kept; the best
//   copies (brotli 11, gzip 9: ~150 ms of CPU for a product page) are made later, one page at a time,
//   only for a page asked for again;
// - a page at its own address is kept from its first request, an address with a query string from its
//   second (decision 0119-route-cache-memory): one-off query strings never fill the budget;
// - one render per cold page: requests for a page that is being rendered wait for that rendering
//   instead of rendering it too (single flight, per process: each server process renders it once);
// - a hit gets the HTTP boundary's per-request headers (finishResponse): the cache answers before
//   src/middleware.ts runs, so without this a page would go out with the headers of whoever caused it
//   to be rendered (no HSTS over https, a public Cache-Control for a visitor who has a session).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { CacheProvider, CacheProviderFactory } from 'astro';
import { acceptedEncodings } from '../../lib/accept-encoding';
import { env } from '../config/env.server';
import { registerRouteCache } from './route-cache-handle';
import { finishResponse } from './boundary.server';
import { pageAddress, takeFallbackMark } from './page-fallbacks';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The copies made so far: the miss's cheap one, then the best of both once the page is asked for again. */
  compressed: Partial<Record<Encoding, Buffer>>;
  /** The best copies replaced the cheap one (or are being made). */
  best: boolean;
  tags: string[];
  /** What the page holds besides its bytes: its key, headers and tags, and the objects that hold them. */
  bookkeeping: number;
  storedAt: number;
  maxAgeMs: number;
  staleMs: number;
}

type RouteCacheContext = Parameters<NonNullable<CacheProvider['onRequest']>>[0];

/** One cached copy for links that differ only by campaign parameters or parameter order. */
const cacheKey = (url: URL): string => `${url.origin}${pageAddress(url)}`;

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

/** How many addresses asked for once are remembered (~250 bytes each). */
const ASKED_ONCE_REMEMBERED = 10_000;

/** How many pages may wait for their best copies; past that the oldest waits for its next hit. */
const UPGRADES_QUEUED = 256;

/** Memory a kept page holds: its bytes, their compressed copies and its bookkeeping. */
const sizeOf = (page: CachedPage) =>
  page.body.length + (page.compressed.br?.length ?? 0) + (page.compressed.gzip?.length ?? 0) + page.bookkeeping;

/** The objects around a kept page (its record, the map's entry, the buffers' own objects), measured roughly. */
const PAGE_RECORD_BYTES = 1024;

/** A rendering in progress: the page it kept (undefined: nothing to share) and how many requests wait for it. */
interface Flight {
  page: Promise<CachedPage | undefined>;
  waiters: number;
}

class RouteCache {
  /** Least recently used first. */
  readonly #pages = new Map<string, CachedPage>();
  #bytes = 0;
  /** Addresses with a query string (server islands' included) asked for once and not kept yet, oldest first. */
  readonly #askedOnce = new Set<string>();
  /** Renderings in progress, by cache key (single flight). */
  readonly #flights = new Map<string, Flight>();
  /** Kept pages waiting for their best copies, oldest first; made one at a time. */
  readonly #upgrades = new Map<string, CachedPage>();
  #upgrading = false;
  /** 0: nothing is kept, every request renders (ROUTE_CACHE_MB=0). */
  constructor(private readonly maxBytes: number) {}

  async onRequest(context: RouteCacheContext, next: () => Promise<Response>): Promise<Response> {
    const { request } = context;
    if (request.method !== 'GET' || this.maxBytes === 0) return next();
    const key = cacheKey(context.url);
    const page = this.#pages.get(key);
    if (page) {
      const age = Date.now() - page.storedAt;
      if (age <= page.maxAgeMs) return this.#answer(context, key, this.#touch(key, page), 'HIT');
      if (age <= page.maxAgeMs + page.staleMs) {
        this.#revalidate(context, key, next);
        return this.#answer(context, key, page, 'STALE');
      }
    }
    const flight = this.#flights.get(key);
    if (flight) {
      // Someone is rendering this page: its rendering answers this request too, as a hit would.
      flight.waiters += 1;
      const shared = await flight.page;
      if (shared) return this.#answer(context, key, shared, 'HIT');
      return next(); // it was not for everyone (a cookie, no cache lifetime) or failed: render as before
    }
    return this.#render(context, key, next);
  }
  async invalidate({ tags = [], path }: { tags?: string | string[]; path?: string }): Promise<void> {
    const purged = new Set(Array.isArray(tags) ? tags : [tags]);
    for (const [key, page] of this.#pages) {
      if (page.tags.some((tag) => purged.has(tag)) || (path !== undefined && new URL(key).pathname === path))
        this.#remove(key);
    }
  }

  /**
   * Whether a rendering is kept. A page at its own address (no query string but campaign parameters) is
   * kept from its first request. An address with a query string is kept from its second (or when others
   * waited for it): a server island's carries its props encrypted afresh each time its page is rendered,
   * so a page rendered per visit (the cart) gives its islands addresses nobody asks for again, and a
   * query string nobody repeats (a crawler's, a link with its own parameter) would otherwise fill the
   * budget, and the process's memory, with pages asked for once (issue 22 part 4).
   */
  #askedBefore(key: string, waiters: number): boolean {
    if (!new URL(key).search || this.#askedOnce.delete(key) || waiters > 0) return true;
    this.#askedOnce.add(key);
    if (this.#askedOnce.size > ASKED_ONCE_REMEMBERED)
      this.#askedOnce.delete(this.#askedOnce.values().next().value as string);
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

  /**
   * Renders the page once for everyone who asks meanwhile. A page kept for everyone is compressed once,
   * cheaply, in the encoding this request takes; those bytes answer it and are kept.
   */
  async #render(context: RouteCacheContext, key: string, next: () => Promise<Response>): Promise<Response> {
    let settle: (page: CachedPage | undefined) => void = () => {};
    const flight: Flight = { page: new Promise((resolve) => (settle = resolve)), waiters: 0 };
    this.#flights.set(key, flight);
    let kept: CachedPage | undefined;
    try {
      const response = await next();
      if (!keepable(response)) return response;
      const body = Buffer.from(await response.arrayBuffer());
      // Rendered to its end: a part that fell back (the database could not be read) is not for everyone.
      // Not kept: the serve layer compresses it on its way out.
      if (takeFallbackMark(context.url) || !this.#askedBefore(key, flight.waiters))
        return new Response(new Uint8Array(body), response);
      kept = await this.#store(key, response, body, preferredEncoding(context.request));
      if (!kept) return new Response(new Uint8Array(body), response); // larger than the whole budget
      return this.#answer(context, key, kept, 'MISS');
    } finally {
      this.#flights.delete(key);
      settle(kept);
    }
  }

  /** Keeps the page's bytes (and a cheap copy in `encoding`); undefined when it does not fit the budget. */
  async #store(
    key: string,
    response: Response,
    body: Buffer,
    encoding: Encoding | undefined,
  ): Promise<CachedPage | undefined> {
    const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
    const tags = (response.headers.get('cache-tag') ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    const page: CachedPage = {
      status: response.status,
      headers,
      body,
      compressed: {},
      best: false,
      tags,
      // Keys and header values are mostly one byte per character in V8's strings.
      bookkeeping:
        PAGE_RECORD_BYTES +
        key.length +
        headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0) +
        tags.reduce((sum, tag) => sum + tag.length, 0),
      storedAt: Date.now(),
      ...lifetime(response.headers.get('cdn-cache-control')),
    };
    if (encoding && page.status === 200 && body.length >= COMPRESS_FROM_BYTES) {
      const copy = await compressCheaply(body, encoding);
      if (copy) page.compressed[encoding] = copy;
    }
    this.#remove(key);
    if (sizeOf(page) > this.maxBytes) return undefined;
    this.#pages.set(key, page);
    this.#bytes += sizeOf(page);
    this.#evict();
    return page;
  }

  /** A page asked for again gets its best copies, made one page at a time in libuv's thread pool. */
  #queueUpgrade(key: string, page: CachedPage): void {
    if (page.best || page.status !== 200 || this.#upgrades.has(key)) return;
    this.#upgrades.set(key, page);
    if (this.#upgrades.size > UPGRADES_QUEUED) this.#upgrades.delete(this.#upgrades.keys().next().value as string);
    void this.#upgradeAll();
  }

  async #upgradeAll(): Promise<void> {
    if (this.#upgrading) return;
    this.#upgrading = true;
    try {
      for (let entry = this.#upgrades.entries().next(); !entry.done; entry = this.#upgrades.entries().next()) {
        const [key, page] = entry.value;
        this.#upgrades.delete(key);
        if (this.#pages.get(key) !== page || page.best) continue;
        page.best = true;
        const copies = await bestCopies(page.body);
        if (!copies) continue;
        // Counted in one step with the swap: #remove subtracts whatever the page holds when it goes.
        const kept = this.#pages.get(key) === page;
        if (kept) this.#bytes -= sizeOf(page);
        page.compressed = copies;
        if (kept) {
          this.#bytes += sizeOf(page);
          this.#evict();
        }
      }
    } finally {
      this.#upgrading = false;
    }
  }

  /** Renders the page again for the next visitors while this one gets the stale copy (once, however many ask). */
  #revalidate(context: RouteCacheContext, key: string, next: () => Promise<Response>): void {
    if (this.#flights.has(key)) return;
    let settle: (page: CachedPage | undefined) => void = () => {};
    const flight: Flight = { page: new Promise((resolve) => (settle = resolve)), waiters: 0 };
    this.#flights.set(key, flight);
    next()
      .then(async (fresh) => {
        if (!keepable(fresh)) return this.#remove(key);
        const body = Buffer.from(await fresh.arrayBuffer());
        if (takeFallbackMark(context.url)) return; // the stale copy stays until a rendering succeeds
        const page = await this.#store(key, fresh, body, 'br');
        // It was kept because it is asked for: its best copies follow.
        if (page) this.#queueUpgrade(key, page);
        settle(page);
      })
      .catch((error) =>
        context.logger.warn(`Refreshing ${context.url.pathname}${context.url.search} failed: ${String(error)}`),
      )
      .finally(() => {
        this.#flights.delete(key);
        settle(undefined);
      });
  }

  /** The kept page as this request should get it: its encoding, and the boundary's headers for this visitor. */
  #answer(context: RouteCacheContext, key: string, page: CachedPage, state: 'HIT' | 'STALE' | 'MISS'): Response {
    if (state !== 'MISS') this.#queueUpgrade(key, page);
    const headers = new Headers(page.headers);
    headers.set('x-astro-cache', state);
    let body = page.body;
    const accepted = acceptedEncodings(context.request.headers.get('accept-encoding'));
    const encoding = (['br', 'gzip'] as const).find((name) => page.compressed[name] && accepted.has(name));
    if (encoding) {
      body = page.compressed[encoding] as Buffer;
      headers.set('content-encoding', encoding);
      headers.set('vary', 'Accept-Encoding');
      headers.delete('content-length');
    }
    const response = new Response(new Uint8Array(body), { status: page.status, headers });
    return finishResponse({ request: context.request, url: context.url, pendingCookies: 0 }, response);
  }
}

/** Below this the serve layer sends a page as it is (its own threshold), so no copy is made. */
const COMPRESS_FROM_BYTES = 1024;

/** The encoding a miss is answered in: brotli when the browser takes it, else gzip, else none. */
function preferredEncoding(request: Request): Encoding | undefined {
  const accepted = acceptedEncodings(request.headers.get('accept-encoding'));
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

/**
 * Brotli's settings for one page: its window just covers the page (brotli's default is 4 MB). The
 * encoder's memory is sized by the window and Node reports it to V8 as external memory, so with the
 * default every miss's ~6 MB pushed V8 into a full garbage collection every few hundred milliseconds
 * under load (issue 22: more CPU on the collector's threads than on rendering). Same bytes out
 * (decision 0118-brotli-window).
 */
export function brotliParams(quality: number, length: number): Record<number, number> {
  const {
    BROTLI_PARAM_QUALITY,
    BROTLI_PARAM_LGWIN,
    BROTLI_PARAM_SIZE_HINT,
    BROTLI_MIN_WINDOW_BITS,
    BROTLI_MAX_WINDOW_BITS,
  } = zlib.constants;
  // The window holds 2^bits − 16 bytes.
  const bits = Math.ceil(Math.log2(length + 16));
  return {
    [BROTLI_PARAM_QUALITY]: quality,
    [BROTLI_PARAM_LGWIN]: Math.min(BROTLI_MAX_WINDOW_BITS, Math.max(BROTLI_MIN_WINDOW_BITS, bits)),
    [BROTLI_PARAM_SIZE_HINT]: length,
  };
}

/** The miss's copy: brotli 5 (~2 ms for a 100 KB page, ~12 % larger than brotli 11) or gzip 6. */
async function compressCheaply(body: Buffer, encoding: Encoding): Promise<Buffer | undefined> {
  try {
    return encoding === 'br'
      ? await brotli(body, { params: brotliParams(5, body.length) })
      : await gzip(body, { level: 6 });
  } catch (error) {
    console.error('Compressing a rendered page failed; it goes out compressed by the serve layer', error);
    return undefined;
  }
}

/** Brotli (best) and gzip copies, made in libuv's thread pool; until they exist hits get the cheap copy. */
async function bestCopies(body: Buffer): Promise<{ br: Buffer; gzip: Buffer } | undefined> {
  try {
    const [br, gz] = await Promise.all([
      brotli(body, { params: brotliParams(11, body.length) }),
      gzip(body, { level: 9 }),
    ]);
    return { br, gzip: gz };
  } catch (error) {
    console.error('Compressing a cached page at its best failed; it keeps its cheap copy', error);
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
