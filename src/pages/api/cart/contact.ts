// POST /api/cart/contact {"email", "reminders"}: the checkout's reminders box as the shopper ticks or
// unticks it, so a cart left at checkout has a known contact (features/reminders).
import type { APIRoute } from 'astro';
import { statusOf } from '../../../server/http/error-status';
import { requesterOf } from '../../../features/abuse/intake-limits.server';
import { cartContactRequest } from '../../../features/reminders/reminder-requests.server';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  const body = await context.request.json().catch(() => null);
  const answer = await cartContactRequest(context.request, context.cookies, body, requesterOf(context));
  return Response.json(answer.ok ? { ok: true } : { ok: false, error: answer.message }, {
    status: answer.ok ? 200 : statusOf(answer.code),
    headers: { 'cache-control': 'private, no-store' },
  });
};
