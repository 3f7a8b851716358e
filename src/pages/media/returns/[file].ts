// Photos customers send with a return request: for the store's staff only.
import type { APIRoute } from 'astro';
import { deskAccess } from '../../../features/admin/staff-access.server';
import { serveUpload } from '../../../server/storage/uploads.server';

export const prerender = false;
export const GET: APIRoute = async (context) => {
  const access = await deskAccess(context);
  if (access.response) return access.response;
  return serveUpload(context.request, 'returns', context.params.file ?? '', 'private, max-age=86400');
};
