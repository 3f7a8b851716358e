// Compression and cache headers per asset type, as a browser asking for 'br, gzip' receives them.
import http from 'node:http';

function get(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => { bytes += chunk.length; });
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, bytes }));
    }).on('error', reject);
  });
}

/** One URL of each kind, found on the home page and the product page. */
export async function assetSamples(origin) {
  const home = await (await fetch(`${origin}/`)).text();
  const product = await (await fetch(`${origin}/product/1`)).text();
  const first = (html, pattern) => html.match(pattern)?.[0];
  return [
    { type: 'HTML, pre-rendered', path: '/' },
    { type: 'HTML, server-rendered', path: '/shop-all' },
    { type: 'JavaScript (/_astro)', path: first(product, /\/_astro\/[^"' ]+\.js/) },
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
      type: sample.type, path: sample.path.length > 34 ? `${sample.path.slice(0, 31)}...` : sample.path,
      status: sent.status, rawKb: (raw.bytes / 1024).toFixed(1), sentKb: (sent.bytes / 1024).toFixed(1),
      encoding: `${sent.headers['content-encoding'] ?? 'none'} / ${gzipOnly.headers['content-encoding'] ?? 'none'}`,
      vary: sent.headers.vary ?? '–', cache: sent.headers['cache-control'] ?? '–',
    });
  }
  return rows;
}
