// Photos customers add to their reviews (re-encoded WebP without metadata; random names).
import type { APIRoute } from 'astro';
import { serveUpload } from '../../../server/storage/uploads.server';

export const prerender = false;
export const GET: APIRoute = ({ request, params }) =>
  serveUpload(request, 'reviews', params.file ?? '', 'public, max-age=31536000, immutable');
