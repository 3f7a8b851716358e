export const prerender = true;
import type { APIRoute } from 'astro';
import { siteOrigin } from '../server/http/site-origin.server';
import { getPosts } from '../features/blog/posts';
import { rssFeed } from '../features/blog/rss';

export const GET: APIRoute = async () => {
  const feed = rssFeed(await getPosts(), siteOrigin());
  return new Response(feed, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};
