// Photos customers send with a return request: for the store's staff only.
import type { APIRoute } from 'astro';
import { requireStaff } from '../../../features/admin/staff-access.server';
import { serveUpload } from '../../../features/media/uploads.server';

export const prerender = false;
export const GET: APIRoute = async (context) => {
  const staff = await requireStaff(context);
  if (staff.response) return staff.response;
  return serveUpload(context.request, 'returns', context.params.file ?? '', 'private, max-age=86400');
};
