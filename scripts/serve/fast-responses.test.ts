// The serve layer on a real HTTP server over a throw-away client folder: precompressed twins by
// Accept-Encoding, cache headers per kind of file, on-the-fly compression of what the app answers.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../build/precompress.mjs';
import { createFastListener, IMMUTABLE, PUBLIC_FILE } from './fast-responses.mjs';

const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const page = `<!doctype html><title>Page</title>${'<p>Ayurveda</p>'.repeat(300)}`;
let origin = '';
let server: http.Server;
let client = '';

function get(urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(origin + urlPath, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fast-responses-'));
  client = path.join(dist, 'client');
  fs.mkdirSync(client);
  // What the build lists for pre-rendered pages (src/server/http/static-headers.ts).
  fs.writeFileSync(
    path.join(dist, '_headers.json'),
    JSON.stringify([
      {
        pathname: '/blog/post',
        headers: [
          { key: 'Content-Security-Policy', value: "default-src 'self'" },
          { key: 'Cache-Control', value: 'public, s-maxage=60' },
        ],
      },
    ]),
  );
  fs.mkdirSync(path.join(client, '_astro'));
  fs.mkdirSync(path.join(client, 'blog', 'post'), { recursive: true });
  fs.writeFileSync(path.join(client, '_astro', 'app.abc123.js'), script);
  fs.writeFileSync(
    path.join(client, 'logo.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
  );
  fs.writeFileSync(path.join(client, 'tiny.txt'), 'small');
  fs.writeFileSync(path.join(client, 'blog', 'post', 'index.html'), page);
  await precompressFolder(client);
  // Stands in for Astro: answers server-rendered HTML, and 'static' for files it would stream itself.
  const app: http.RequestListener = (req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(req.url === '/dynamic' ? page : 'static');
  };
  server = http.createServer(createFastListener(app, client));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('static files', () => {
  it('sends the brotli twin of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const response = await get('/_astro/app.abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it('sends the gzip twin when brotli is refused or not offered', async () => {
    for (const header of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/_astro/app.abc123.js', { 'accept-encoding': header });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(response.body).toString()).toBe(script);
    }
  });

  it('leaves a client that accepts no encoding to the plain file, still with its cache header', async () => {
    const response = await get('/_astro/app.abc123.js', { 'accept-encoding': 'identity' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('caches other public files for a day, and answers a repeat visit with 304', async () => {
    const first = await get('/logo.svg', { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe(PUBLIC_FILE);
    expect(first.headers['content-encoding']).toBe('br');
    const again = await get('/logo.svg', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect((await get('/tiny.txt')).headers['cache-control']).toBe(PUBLIC_FILE);
  });

  it('serves a pre-rendered page compressed at its clean URL, with or without the slash', async () => {
    for (const url of ['/blog/post', '/blog/post/']) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(zlib.brotliDecompressSync(response.body).toString()).toBe(page);
    }
  });

  it('answers a precompressed page from the bytes read at start: a twin gone from disk under a running store breaks nothing', async () => {
    fs.renameSync(path.join(client, 'blog', 'post', 'index.html.br'), path.join(client, 'moved.br'));
    try {
      const response = await get('/blog/post', { 'accept-encoding': 'br' });
      expect(response.status).toBe(200);
      expect(zlib.brotliDecompressSync(response.body).toString()).toBe(page);
    } finally {
      fs.renameSync(path.join(client, 'moved.br'), path.join(client, 'blog', 'post', 'index.html.br'));
    }
  });
});

describe('server-rendered answers', () => {
  it('are compressed on the fly by Accept-Encoding', async () => {
    const br = await get('/dynamic', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(page);
    const gzip = await get('/dynamic', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/dynamic', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });
});

describe('pre-rendered pages', () => {
  it('carry the headers the build listed for them, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await get('/blog/post', { 'accept-encoding': encoding });
      expect(response.headers['content-security-policy'], encoding).toBe("default-src 'self'");
      expect(response.headers['cache-control'], encoding).toBe('public, s-maxage=60');
    }
  });
});
