export const prerender = true;
import type { APIRoute } from 'astro';
import { getPosts } from '../features/blog/posts';
import { rssFeed } from '../features/blog/rss';

export const GET: APIRoute = async ({ site, url }) => {
  const feed = rssFeed(await getPosts(), site ?? new URL(url.origin));
  return new Response(feed, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};
