import type { APIRoute } from 'astro';
import { keptListing } from '../../../features/catalog/catalog.server';
import { listingQuery, parseQuery } from '../../../features/catalog/catalog.schema';

export const GET: APIRoute = async ({ url }) => {
  const query = parseQuery(listingQuery, url.searchParams);
  return Response.json(await keptListing(query));
};
