// Rendered on request (products come from the database) and cached until the catalogue changes.
import type { APIRoute } from 'astro';
import { siteOrigin } from '../server/http/site-origin.server';
import { loadSitemapEntries } from '../features/sitemap/sitemap.server';
import { sitemapXml } from '../features/sitemap/sitemap';

export const GET: APIRoute = async ({ cache }) => {
  const xml = sitemapXml(await loadSitemapEntries(), siteOrigin());
  cache.set({ maxAge: 3600, swr: 60, tags: ['catalog'] });
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
