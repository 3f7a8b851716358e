// Link previews (issue 11 'Social previews'): every page in the sitemap shares a PNG or JPEG picture of
// 1200×630 that the server really serves (WhatsApp and Facebook show no SVG), and a page's canonical,
// og:url, JSON-LD and the sitemap name the same origin. Read over HTTP, as a link-preview crawler does.
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';

const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)"`))?.[1];
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
const jsonLdUrls = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .flatMap((m) => JSON.stringify(JSON.parse(m[1])).match(/"(?:url|@id)":"https?:\/\/[^"]+"/g) ?? [])
    .map((pair) => pair.split('":"')[1].slice(0, -1));

async function sitemapPaths(request: APIRequestContext) {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
}

test('every page in the sitemap shares a 1200×630 PNG or JPEG that exists, with its size and alt text', async ({
  request,
}) => {
  const locs = await sitemapPaths(request);
  expect(locs.length).toBeGreaterThan(20);
  const checked = new Map<string, string>();
  for (const loc of locs) {
    const path = new URL(loc).pathname;
    const html = await (await request.get(path)).text();
    const image = meta(html, 'og:image');
    expect(image, `${path} has og:image`).toBeTruthy();
    expect(meta(html, 'twitter:image'), `${path}: twitter:image is the same picture`).toBe(image);
    expect(meta(html, 'og:image:width'), path).toBe('1200');
    expect(meta(html, 'og:image:height'), path).toBe('630');
    expect(meta(html, 'og:image:alt')?.length, `${path} describes its picture`).toBeGreaterThan(10);
    const imagePath = new URL(image!).pathname;
    if (checked.has(imagePath)) continue;
    const response = await request.get(imagePath);
    expect(response.status(), `${path}: ${imagePath}`).toBe(200);
    const type = response.headers()['content-type'];
    expect(type, `${imagePath} is PNG or JPEG`).toMatch(/^image\/(png|jpeg)$/);
    const { width, height, format } = await sharp(await response.body()).metadata();
    expect({ width, height, format: `image/${format === 'jpeg' ? 'jpeg' : format}` }, imagePath).toEqual({
      width: 1200,
      height: 630,
      format: type,
    });
    checked.set(imagePath, path);
  }
  // Products share their own pack, not one picture for the whole store.
  const productPictures = [...checked.entries()]
    .filter(([, page]) => page.startsWith('/product/'))
    .map(([image]) => image);
  expect(productPictures.length).toBeGreaterThanOrEqual(10);
});

test('a product page: canonical, og:url, JSON-LD and the sitemap name one origin', async ({ request }) => {
  const locs = await sitemapPaths(request);
  const html = await (await request.get('/product/3')).text();
  const canonical = canonicalOf(html)!;
  expect(meta(html, 'og:url')).toBe(canonical);
  expect(locs).toContain(canonical);
  const origins = new Set(
    [canonical, meta(html, 'og:image')!, ...jsonLdUrls(html)].map((href) => new URL(href).origin),
  );
  expect(origins).toEqual(new Set([new URL(locs[0]).origin]));
});

test('pre-rendered pages agree with themselves: canonical, og:url, og:image and JSON-LD share an origin', async ({
  request,
}) => {
  for (const path of ['/', '/blog/ashwagandha-stress-relief', '/our-story']) {
    const html = await (await request.get(path)).text();
    const canonical = canonicalOf(html)!;
    expect(meta(html, 'og:url'), path).toBe(canonical);
    const origins = new Set(
      [canonical, meta(html, 'og:image')!, ...jsonLdUrls(html)].map((href) => new URL(href).origin),
    );
    expect(origins.size, `${path}: ${[...origins].join(', ')}`).toBe(1);
  }
});
