import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapEntries, sitemapXml } from './sitemap';

const site = new URL('https://vedara.example');

describe('sitemap', () => {
  const entries = sitemapEntries(
    [1, 2],
    [{ slug: 'morning-rituals-ayurveda', date: new Date('2025-07-01T00:00:00Z') }],
  );
  const xml = sitemapXml(entries, site);
  const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);

  it('lists the static pages, each product, each post and the canonical policy pages', () => {
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://vedara.example/',
        'https://vedara.example/shop-all',
        'https://vedara.example/blog',
        'https://vedara.example/product/1',
        'https://vedara.example/product/2',
        'https://vedara.example/blog/morning-rituals-ayurveda',
        'https://vedara.example/refunds',
        'https://vedara.example/termsconditions',
        'https://vedara.example/Privacy',
        'https://vedara.example/OrderShipping',
      ]),
    );
    // Alternative spellings only duplicate a canonical page.
    expect(locs).not.toContain('https://vedara.example/TermsConditions');
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('dates articles and writes a valid urlset', () => {
    expect(xml).toContain(
      '<loc>https://vedara.example/blog/morning-rituals-ayurveda</loc>\n    <lastmod>2025-07-01</lastmod>',
    );
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('points robots.txt at the sitemap on the configured site', () => {
    expect(robotsTxt(site)).toContain('Sitemap: https://vedara.example/sitemap.xml');
  });
});
