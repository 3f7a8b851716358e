// Search suggestions for the search box: { suggestions: [{ name, url }] }.
import type { APIRoute } from 'astro';
import { readSearchQuery } from '../../features/search/search.schema';
import { searchSuggestions } from '../../features/search/search.server';

export const GET: APIRoute = async ({ url }) =>
  Response.json(
    { suggestions: await searchSuggestions(readSearchQuery(url.searchParams)) },
    { headers: { 'cache-control': 'public, max-age=60' } },
  );
