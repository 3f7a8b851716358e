// One origin for every absolute address the store writes: the build's `site` (pre-rendered pages), the
// layout's canonical and og:url, the shared picture, the sitemap, JSON-LD and share links — with SITE_URL
// set and with it unset (then http://localhost:4321 whatever PORT the server listens on).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnv } from '../config/env.server';
import { articleJsonLd, shareLinks } from '../../features/blog/blog';
import { productJsonLd } from '../../features/catalog/product-page';
import { homeJsonLd } from '../../features/home/home-jsonld';
import { shareMeta } from '../../features/social/share-meta.server';
import { sitemapEntries, sitemapXml } from '../../features/sitemap/sitemap';
import { siteHref, siteOrigin, siteOriginFrom } from './site-origin.server';

const saved = { SITE_URL: process.env.SITE_URL, PORT: process.env.PORT, ENV_FILE: process.env.ENV_FILE };
function configure(siteUrl: string | undefined) {
  if (siteUrl === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = siteUrl;
  process.env.PORT = '4467';
  process.env.ENV_FILE = '';
  resetEnv();
}
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnv();
});

const originOf = (href: string) => new URL(href).origin;

describe('the site origin', () => {
  it('is the origin of SITE_URL, without its path', () => {
    expect(siteOriginFrom('https://vedara.in/shop/').href).toBe('https://vedara.in/');
    expect(siteOriginFrom(undefined).href).toBe('http://localhost:4321/');
  });

  for (const [label, siteUrl, expected] of [
    ['without SITE_URL', undefined, 'http://localhost:4321'],
    ['with SITE_URL', 'https://vedara.in/shop/', 'https://vedara.in'],
  ] as const) {
    it(`${label}: canonical, og:url, og:image, sitemap, JSON-LD, share links and the build agree on ${expected}`, async () => {
      configure(siteUrl);
      expect(siteOrigin().origin).toBe(expected);

      const meta = shareMeta('/product/3', '/product_images/3/1.svg');
      expect(meta.canonical).toBe(`${expected}/product/3`);
      expect(meta.image.url).toBe(`${expected}/og/product-3.jpg`);

      const locs = [
        ...sitemapXml(sitemapEntries([3], [{ slug: 'a', date: new Date('2025-01-01') }]), siteOrigin()).matchAll(
          /<loc>([^<]+)<\/loc>/g,
        ),
      ].map((m) => m[1]);
      expect(locs.length).toBeGreaterThan(5);
      expect(new Set(locs.map(originOf))).toEqual(new Set([expected]));
      expect(locs).toContain(meta.canonical);

      const product = productJsonLd({
        name: 'Curcumin',
        slug: 'curcumin',
        description: 'd',
        price: 499,
        rating: null,
        inStock: true,
        imageUrl: siteHref('/product_images/3/1.svg'),
        url: siteHref('/product/3'),
      });
      expect(product.offers).toMatchObject({ url: meta.canonical });
      const home = homeJsonLd(siteOrigin());
      expect(home.map((item) => originOf(String(item.url)))).toEqual([expected, expected]);
      const article = articleJsonLd(
        {
          id: 'a',
          slug: 'a',
          title: 'A',
          excerpt: 'e',
          image: '/banners/brand.svg',
          category: 'Sleep',
          date: new Date('2025-01-01'),
          author: 'Kavya',
          readTime: '5 min',
          featured: false,
        },
        siteOrigin(),
      );
      expect(article.mainEntityOfPage).toEqual({ '@type': 'WebPage', '@id': `${expected}/blog/a` });
      expect(shareLinks(siteHref('/blog/a'), 'A')[0].href).toContain(encodeURIComponent(`${expected}/blog/a`));

      // The build's `site` (pre-rendered pages) comes from the same function with the same default.
      vi.resetModules();
      const { default: config } = await import('../../../astro.config.mjs');
      expect(originOf(String(config.site))).toBe(expected);
    });
  }
});
