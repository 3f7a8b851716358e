// Serve layer in front of Astro's standalone handler (docs/decisions: compression in the serve layer):
// - files in dist/client that the build precompressed (scripts/build/precompress.mjs) go out as their
//   .br or .gz twin, chosen by Accept-Encoding, with Content-Encoding and Vary;
// - every static file gets a Cache-Control: hashed /_astro/* for a year (immutable), other public files
//   for a day; pre-rendered pages keep what Astro's static handler gave them (public, max-age=0);
// - everything else that is compressible (server-rendered HTML, JSON) is compressed on the fly.
// Server-rendered HTML's Cache-Control is the middleware's business; this layer leaves it alone.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import { acceptedEncodings } from '../../src/lib/accept-encoding.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const PUBLIC_FILE = 'public, max-age=86400, stale-while-revalidate=604800';
/** What Astro's static handler (send) gives a pre-rendered page; kept as it was. */
const PRERENDERED_PAGE = 'public, max-age=0';

/**
 * A twin this size or smaller is read once at start and answered from memory (all of them together are
 * ~1.6 MB for this store); a larger one is streamed from disk per request.
 */
const IN_MEMORY_MAX_BYTES = 1024 * 1024;

/** Twins the build writes beside a file, best first (the order we prefer at equal q). */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

const CONTENT_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
};

export function cacheControlFor(urlPath) {
  if (urlPath.endsWith('.html')) return PRERENDERED_PAGE;
  return urlPath.startsWith('/_astro/') ? IMMUTABLE : PUBLIC_FILE;
}

/** Headers the build lists for pre-rendered pages in dist/_headers.json (CSP, security headers, Cache-Control). */
function prerenderedPageHeaders(clientDir) {
  try {
    const entries = JSON.parse(fs.readFileSync(path.join(clientDir, '..', '_headers.json'), 'utf8'));
    return new Map(entries.map((entry) => [entry.pathname, entry.headers]));
  } catch {
    return new Map();
  }
}

/**
 * Walks the client folder once at start-up: url path → the file and the precompressed twins it has.
 * A pre-rendered page (dir/index.html) answers at /dir and /dir/ too, as Astro's handler does.
 */
export function indexStaticFiles(clientDir) {
  const files = new Map();
  const pageHeaders = prerenderedPageHeaders(clientDir);
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (/\.(br|gz)$/.test(entry.name)) continue;
      const urlPath = `/${path.relative(clientDir, full).split(path.sep).join('/')}`;
      const twins = PRECOMPRESSED.filter(({ suffix }) => fs.existsSync(full + suffix)).map((twin) => {
        const size = fs.statSync(full + twin.suffix).size;
        // Read once: a pre-rendered page streamed from disk per request (open, read, close) answered
        // ~2 600 req/s where a page from the route cache's memory answers ~4 800.
        const bytes = size <= IN_MEMORY_MAX_BYTES ? fs.readFileSync(full + twin.suffix) : undefined;
        return { ...twin, file: full + twin.suffix, size, bytes };
      });
      const stat = fs.statSync(full);
      const file = {
        file: full,
        type: CONTENT_TYPES[path.extname(full)],
        cacheControl: cacheControlFor(urlPath),
        twins,
        etag: `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
      };
      files.set(urlPath, file);
      if (entry.name === 'index.html') {
        const page = urlPath.slice(0, -'index.html'.length);
        file.headers = pageHeaders.get(page === '/' ? page : page.slice(0, -1));
        files.set(page, file);
        if (page !== '/') files.set(page.slice(0, -1), file);
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir);
  return files;
}

/** A request handler that answers precompressed static files, or calls next(). */
export function createPrecompressedHandler(files) {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return next();
    }
    const entry = files.get(urlPath);
    if (!entry) return next();
    res.setHeader('Cache-Control', entry.cacheControl);
    for (const { key, value } of entry.headers ?? []) res.setHeader(key, value); // as Astro's static handler does
    if (!entry.twins.length) return next(); // Astro's static handler streams it (ranges included)
    res.setHeader('Vary', 'Accept-Encoding');
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const twin = entry.twins.find(({ encoding }) => accepted.has(encoding));
    if (!twin) return next();
    const etag = `${entry.etag.slice(0, -1)}-${twin.encoding}"`;
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Type', entry.type ?? 'application/octet-stream');
    res.setHeader('Content-Encoding', twin.encoding);
    res.setHeader('Content-Length', twin.size);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (twin.bytes) {
      res.end(twin.bytes);
      return;
    }
    fs.createReadStream(twin.file)
      .on('error', () => res.destroy())
      .pipe(res);
  };
}

/** Wraps Astro's listener: precompressed files first, on-the-fly compression for the rest. */
export function createFastListener(listener, clientDir) {
  const precompressed = createPrecompressedHandler(indexStaticFiles(clientDir));
  // A 256 KB window instead of brotli's 4 MB: the same bytes for any page up to that size, and far less
  // encoder memory, which Node reports to V8 and which forced full garbage collections under load
  // (decision 0118-brotli-window).
  const brotli = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 };
  const compress = compression({ threshold: 1024, brotli: { params: brotli } });
  return (req, res) => precompressed(req, res, () => compress(req, res, () => listener(req, res)));
}

/**
 * The hook for scripts/serve.mjs: call before importing dist/server/entry.mjs, whose standalone server
 * is the next http.createServer call; its listener is wrapped, everything else about it is untouched.
 */
export function serveFastResponses(clientDir) {
  const createServer = http.createServer;
  http.createServer = (...args) => {
    http.createServer = createServer;
    const at = args.findIndex((arg) => typeof arg === 'function');
    if (at >= 0) args[at] = createFastListener(args[at], clientDir);
    return createServer(...args);
  };
}
