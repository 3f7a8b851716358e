// sitemap.xml (sitemaps.org protocol): every public page a search engine should index, as absolute
// addresses on the configured site. Alternative spellings (/TermsConditions, /privacy) and redirects
// are left out: they point at the canonical pages listed here.
import { escapeXml } from '../../lib/xml';
import { POLICY_ROUTES } from '../policies/policy-routes';

/** Public pages that are not generated from data. */
export const STATIC_PAGES = [
  '/',
  '/shop-all',
  '/shop-by-wellness',
  '/sacred-science',
  '/sacred-science/sources',
  '/quiz',
  '/appointment',
  '/track',
  '/blog',
  '/our-story',
];

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

export function sitemapEntries(
  productIds: readonly number[],
  posts: readonly { slug: string; date: Date }[],
): SitemapEntry[] {
  return [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...productIds.map((id) => ({ path: `/product/${id}` })),
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.date })),
    ...POLICY_ROUTES.map((route) => ({ path: route.canonicalPath })),
  ];
}

export function sitemapXml(entries: readonly SitemapEntry[], site: URL): string {
  const urls = entries.map(({ path, lastModified }) =>
    [
      '  <url>',
      `    <loc>${escapeXml(new URL(path, site).href)}</loc>`,
      ...(lastModified ? [`    <lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>`] : []),
      '  </url>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(site: URL): string {
  return ['User-agent: *', 'Disallow: /api/', '', `Sitemap: ${new URL('/sitemap.xml', site).href}`, ''].join('\n');
}
