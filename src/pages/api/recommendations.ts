import type { APIRoute } from 'astro';
import { getRecommendations } from '../../features/catalog/catalog.server';
import { parseQuery, recommendationsQuery } from '../../features/catalog/catalog.schema';

export const GET: APIRoute = async ({ url }) => {
  const { category, exclude, limit } = parseQuery(recommendationsQuery, url.searchParams);
  return Response.json({ items: await getRecommendations(category, exclude, limit) });
};
