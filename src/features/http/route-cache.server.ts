// The store's route cache (Astro's memory cache, purged across processes: catalog/route-cache.ts), with
// - the HTTP boundary's per-request headers applied to what it serves: the route cache answers a hit
//   before src/middleware.ts runs, so without this a cached catalogue page would go out with the headers
//   of whoever first caused it to be rendered (no HSTS over https, a public Cache-Control for a visitor
//   who has a session);
// - compressed copies of each cached page: compressing a 48-card listing on every hit cost more than
//   everything else the hit does (the serve layer compresses whatever goes out uncompressed), so a page's
//   brotli and gzip bytes are made once, off the event loop, and its later hits send them as they are.
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { CacheProvider, CacheProviderFactory } from 'astro';
import { acceptedEncodings } from '../../lib/accept-encoding';
import routeCache from '../catalog/route-cache';
import { finishResponse } from './boundary.server';

/** Marks one rendering the cache keeps; its hits carry it, so they find that rendering's compressed copies. */
const RENDERING = 'x-store-rendering';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';
interface CompressedCopies { br: Buffer; gzip: Buffer }

/** Compressed copies by rendering, the least recently used dropped first; a purged page's copies age out. */
class CompressedPages {
  readonly #copies = new Map<string, CompressedCopies | Promise<void>>();
  constructor(private readonly max: number) {}

  /** The copy in `encoding`, or undefined while it is being made (starting that on the first ask). */
  copy(rendering: string, encoding: Encoding, body: () => Promise<ArrayBuffer>): Buffer | undefined {
    const entry = this.#copies.get(rendering);
    if (entry && !(entry instanceof Promise)) {
      this.#copies.delete(rendering); // most recently used last
      this.#copies.set(rendering, entry);
      return entry[encoding];
    }
    if (!entry) this.#copies.set(rendering, this.#compress(rendering, body));
    return undefined;
  }

  async #compress(rendering: string, body: () => Promise<ArrayBuffer>): Promise<void> {
    try {
      const bytes = Buffer.from(await body());
      // The best brotli: made once per rendering, in libuv's thread pool.
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzip(bytes, { level: 9 }),
      ]);
      this.#copies.set(rendering, { br, gzip: gz });
      while (this.#copies.size > this.max) this.#copies.delete(this.#copies.keys().next().value as string);
    } catch {
      this.#copies.delete(rendering); // the serve layer compresses this hit; a later one tries again
    }
  }
}

/** The hit as it is, or its compressed copy when the client takes one that is ready. */
function compressedHit(pages: CompressedPages, request: Request, response: Response, rendering: string): Response {
  const accepted = acceptedEncodings(request.headers.get('accept-encoding'));
  const encoding: Encoding | undefined = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
  if (!encoding || response.status !== 200) return response;
  const bytes = pages.copy(rendering, encoding, () => response.clone().arrayBuffer());
  if (!bytes) return response;
  const headers = new Headers(response.headers);
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  const vary = headers.get('vary');
  if (!vary?.toLowerCase().includes('accept-encoding')) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  return new Response(new Uint8Array(bytes), { status: response.status, statusText: response.statusText, headers });
}

const storeRouteCache: CacheProviderFactory = (config) => {
  const memory: CacheProvider = routeCache(config);
  const onRequest = memory.onRequest?.bind(memory);
  if (!onRequest) return memory;
  const pages = new CompressedPages(config?.max ?? 1000);
  return {
    ...memory,
    name: 'store-memory',
    async onRequest(context, next) {
      const response = await onRequest(context, async () => {
        const rendered = await next();
        // Only what the cache will keep (it keeps what carries CDN-Cache-Control) is marked.
        // Marked in place: a copy would lose the cookies Astro keeps on the response object.
        if (rendered.headers.has('cdn-cache-control')) {
          try { rendered.headers.set(RENDERING, randomUUID()); } catch { /* immutable headers: served uncompressed */ }
        }
        return rendered;
      });
      const rendering = response.headers.get(RENDERING);
      response.headers.delete(RENDERING);
      const cached = response.headers.get('x-astro-cache');
      if (!cached) return response; // rendered just now and not kept: the middleware ran
      const finished = finishResponse({ request: context.request, url: context.url, pendingCookies: 0 }, response);
      return cached !== 'MISS' && rendering ? compressedHit(pages, context.request, finished, rendering) : finished;
    },
  };
};

export default storeRouteCache;
