// Profile images uploaded by customers.
import type { APIRoute } from 'astro';
import { serveUpload } from '../../../server/storage/uploads.server';

export const prerender = false;
export const GET: APIRoute = ({ params, request }) =>
  serveUpload(request, 'avatars', params.file ?? '', 'public, max-age=31536000, immutable');
