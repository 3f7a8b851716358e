// Compression and cache headers per asset type, as a browser asking for 'br, gzip' receives them.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

function get(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, bytes }));
      })
      .on('error', reject);
  });
}

/** The biggest script of the build (React's chunk): the one a slow phone feels most. */
function largestScript(clientDir = 'dist/client/_astro') {
  const scripts = fs.readdirSync(clientDir).filter((name) => name.endsWith('.js'));
  const size = (name) => fs.statSync(path.join(clientDir, name)).size;
  const largest = scripts.sort((a, b) => size(b) - size(a))[0];
  return largest && `/_astro/${largest}`;
}

/** One URL of each kind, found on the home page and in the build. */
export async function assetSamples(origin) {
  const home = await (await fetch(`${origin}/`)).text();
  const first = (html, pattern) => html.match(pattern)?.[0];
  return [
    { type: 'HTML, pre-rendered', path: '/' },
    { type: 'HTML, server-rendered', path: '/shop-all' },
    { type: 'JavaScript (/_astro)', path: largestScript() },
    { type: 'CSS (/_astro)', path: first(home, /\/_astro\/[^"' ]+\.css/) },
    { type: 'SVG (public)', path: '/banners/home-1.svg' },
    { type: 'PNG (public)', path: '/placeholder.png' },
    { type: 'JSON API', path: '/api/cart' },
  ].filter((sample) => sample.path);
}

export async function measureHeaders(origin) {
  const rows = [];
  for (const sample of await assetSamples(origin)) {
    const raw = await get(origin + sample.path, 'identity');
    const sent = await get(origin + sample.path, 'br, gzip');
    const gzipOnly = await get(origin + sample.path, 'gzip');
    rows.push({
      type: sample.type,
      path: sample.path.length > 34 ? `${sample.path.slice(0, 31)}...` : sample.path,
      status: sent.status,
      rawKb: (raw.bytes / 1024).toFixed(1),
      sentKb: (sent.bytes / 1024).toFixed(1),
      encoding: `${sent.headers['content-encoding'] ?? 'none'} / ${gzipOnly.headers['content-encoding'] ?? 'none'}`,
      vary: sent.headers.vary ?? '–',
      cache: sent.headers['cache-control'] ?? '–',
    });
  }
  return rows;
}
