// Home 'Most Loved Picks': JSON, or with Accept: text/html the cards themselves, rendered here for the
// home page's grid script (src/features/home/FavoritesGrid.astro).
import type { APIRoute } from 'astro';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { listFavorites } from '../../../features/catalog/catalog.server';
import FavoriteCards from '../../../features/home/FavoriteCards';
import { FAVORITES_COUNT } from '../../../features/home/favorites';

export const GET: APIRoute = async ({ request }) => {
  const items = await listFavorites(FAVORITES_COUNT);
  const headers = { vary: 'Accept' };
  if ((request.headers.get('accept') ?? '').includes('text/html'))
    return new Response(renderToStaticMarkup(createElement(FavoriteCards, { items })), {
      headers: { ...headers, 'content-type': 'text/html; charset=utf-8' },
    });
  return Response.json({ items }, { headers });
};
