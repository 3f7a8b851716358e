// Product images and videos uploaded at the desk, from the store's storage (the seed's art is in public/).
import type { APIRoute } from 'astro';
import { serveProductMedia } from '../../../../features/catalog-desk/media.server';

export const GET: APIRoute = ({ params, request }) => serveProductMedia(request, params.id, params.file);
