// GET /dashboard/privacy/data.json: "Download my data", everything held about the signed-in person as
// one JSON file (features/privacy/data-export.server.ts).
import type { APIRoute } from 'astro';
import { requireUser } from '../../../features/auth/session.server';
import { exportFileName, personalData } from '../../../features/privacy/data-export.server';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  const session = await requireUser(context);
  if (session.redirect) return session.redirect;
  const now = new Date();
  const data = await personalData(session.user.id, now);
  if (!data)
    return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(now)}"`,
      'cache-control': 'private, no-store',
    },
  });
};
