// A route rather than public/robots.txt: the Sitemap line needs the absolute address of SITE_URL.
export const prerender = true;
import type { APIRoute } from 'astro';
import { siteOrigin } from '../server/http/site-origin.server';
import { robotsTxt } from '../features/sitemap/sitemap';

export const GET: APIRoute = () =>
  new Response(robotsTxt(siteOrigin()), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
