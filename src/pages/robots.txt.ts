// A route rather than public/robots.txt: the Sitemap line needs the absolute address of SITE_URL.
export const prerender = true;
import type { APIRoute } from 'astro';
import { robotsTxt } from '../features/sitemap/sitemap';

export const GET: APIRoute = ({ site, url }) =>
  new Response(robotsTxt(site ?? new URL(url.origin)), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
