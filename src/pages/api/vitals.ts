// The shoppers' own Core Web Vitals (decision 0105-field-web-vitals). GET: the share of page views asked to
// measure (the browser's reporter rolls its dice against it; a cache may keep it ten minutes). POST: one
// sampled page view's beacon (navigator.sendBeacon, JSON, at most 4 KB): 204, 400 when malformed, 429 when
// its network sent too many.
import type { APIRoute } from 'astro';
import { statusOf } from '../../server/http/error-status';
import { requesterOf } from '../../features/abuse/intake-limits.server';
import { recordBeacon, samplePercent } from '../../features/vitals/vitals.server';

export const GET: APIRoute = () =>
  Response.json({ samplePercent: samplePercent() }, { headers: { 'cache-control': 'public, max-age=600' } });

export const POST: APIRoute = async (context) => {
  const body = await context.request.json().catch(() => null);
  const outcome = await recordBeacon(body, requesterOf(context));
  if (outcome.ok) return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  return Response.json(
    { error: outcome.message },
    { status: statusOf(outcome.code), headers: { 'cache-control': 'no-store' } },
  );
};
