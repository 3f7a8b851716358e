// The PIN-code check for the product page's and the checkout's islands: GET /api/delivery?pin=110001.
import type { APIRoute } from 'astro';
import { checkPin } from '../../features/delivery/delivery.server';

export const GET: APIRoute = async ({ url }) => {
  const check = await checkPin(url.searchParams.get('pin') ?? '');
  const status = check.ok ? 200 : /^\d{6}$/.test(check.pin) ? 404 : 400;
  return Response.json(check, { status, headers: { 'cache-control': 'public, max-age=300' } });
};
