import type { APIRoute } from 'astro';
import { requesterOf } from '../../features/abuse/intake-limits.server';
import { NEWSLETTER_MESSAGES } from '../../features/newsletter/newsletter';
import { subscribe, subscribeStatus } from '../../features/newsletter/newsletter.server';

export const POST: APIRoute = async (context) => {
  const body = (await context.request.json().catch(() => null)) as { email?: unknown; source?: unknown } | null;
  const status = await subscribe(
    body?.email,
    typeof body?.source === 'string' ? body.source : 'site',
    requesterOf(context),
    body,
  );
  return Response.json({ status, message: NEWSLETTER_MESSAGES[status] }, { status: subscribeStatus(status) });
};
