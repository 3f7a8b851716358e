import type { APIRoute } from 'astro';
import { NEWSLETTER_MESSAGES } from '../../features/newsletter/newsletter';
import { subscribe } from '../../features/newsletter/newsletter.server';

export const POST: APIRoute = async ({ request }) => {
  const body = await request.json().catch(() => null) as { email?: unknown; source?: unknown } | null;
  const status = await subscribe(body?.email, typeof body?.source === 'string' ? body.source : 'site');
  const httpStatus = status === 'success' ? 201 : status === 'duplicate' ? 200 : status === 'invalid' ? 400 : 500;
  return Response.json({ status, message: NEWSLETTER_MESSAGES[status] }, { status: httpStatus });
};
