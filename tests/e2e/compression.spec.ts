// The built server sends what a slow phone needs compressed and cacheable (issue 'Fast on a slow phone'):
// a hashed asset precompressed and immutable, HTML compressed by Accept-Encoding. No timings here.
import { expect, test } from '@playwright/test';

const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

test('a hashed /_astro asset goes out as brotli (or gzip), cached for a year', async ({ request }) => {
  const html = await (await request.get('/product/1')).text();
  // Scripts under 1 KB are sent as they are (compressing them gains nothing): take one that is larger.
  let asset: string | undefined;
  for (const candidate of new Set(html.match(/\/_astro\/[^"' ]+\.js/g) ?? [])) {
    if ((await (await request.get(candidate, { headers: { 'accept-encoding': 'identity' } })).body()).length >= 2048) {
      asset = candidate;
      break;
    }
  }
  expect(asset, 'the product page loads a script of 2 KB or more from /_astro').toBeTruthy();

  const br = await request.get(asset!, { headers: BROWSER_ENCODINGS });
  expect(br.status()).toBe(200);
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers().vary).toMatch(/Accept-Encoding/i);
  expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const gzip = await request.get(asset!, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
});

test('the stylesheet is precompressed too, and public files carry a max-age', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const stylesheet = html.match(/\/_astro\/[^"' ]+\.css/)?.[0];
  if (stylesheet) {
    const css = await request.get(stylesheet, { headers: BROWSER_ENCODINGS });
    expect(css.headers()['content-encoding']).toBe('br');
    expect(css.headers()['cache-control']).toContain('immutable');
  }
  const banner = await request.get('/banners/home-1.svg', { headers: BROWSER_ENCODINGS });
  expect(banner.headers()['cache-control']).toMatch(/max-age=[1-9]\d*/);
});

for (const path of ['/', '/shop-all', '/product/1']) {
  test(`the HTML of ${path} is compressed by Accept-Encoding`, async ({ request }) => {
    const br = await request.get(path, { headers: BROWSER_ENCODINGS });
    expect(br.status()).toBe(200);
    expect(br.headers()['content-encoding']).toBe('br');
    expect(br.headers().vary).toMatch(/Accept-Encoding/i);
    expect(await br.text()).toContain('</html>'); // decoded by the client: the body is intact

    const gzip = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
  });
}
