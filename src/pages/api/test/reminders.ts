// POST /api/test/reminders {"now": "<ISO time>"}: the browser tests' hook to run the reminders' due-finding
// at a moment of their choosing (the periodic job runs it every ten minutes at the real time). Exists only
// with TEST_HOOKS on, which a public SITE_URL refuses; otherwise 404.
import type { APIRoute } from 'astro';
import { sendDueReminders } from '../../../features/reminders/reminders.server';
import { env } from '../../../server/config/env.server';

export const POST: APIRoute = async ({ request }) => {
  if (!env().TEST_HOOKS) return new Response('Not found', { status: 404 });
  const body = (await request.json().catch(() => null)) as { now?: unknown } | null;
  const now = typeof body?.now === 'string' ? new Date(body.now) : new Date(Number.NaN);
  if (Number.isNaN(now.getTime())) return Response.json({ error: 'Give "now" as an ISO time.' }, { status: 422 });
  return Response.json(await sendDueReminders(now), { headers: { 'cache-control': 'no-store' } });
};
