// Rendered on request (products come from the database) and cached until the catalogue changes.
import type { APIRoute } from 'astro';
import { loadSitemapEntries } from '../features/sitemap/sitemap.server';
import { sitemapXml } from '../features/sitemap/sitemap';

export const GET: APIRoute = async ({ site, url, cache }) => {
  const xml = sitemapXml(await loadSitemapEntries(), site ?? new URL(url.origin));
  cache.set({ maxAge: 3600, swr: 60, tags: ['catalog'] });
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
