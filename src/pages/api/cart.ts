// The cart for islands: GET the priced cart, POST one change (JSON or form fields) and get it back.
import type { APIRoute } from 'astro';
import { handleCartChange, readCart } from '../../features/cart/cart-request.server';
import { readForm } from '../../lib/form-data';
import { statusOf } from '../../server/http/error-status';

export const prerender = false;
const headers = { 'cache-control': 'private, no-store' };

export const GET: APIRoute = async ({ request, cookies, url }) =>
  Response.json(
    {
      cart: await readCart(request, cookies, {
        usePoints: url.searchParams.get('usePoints') === '1',
        paymentMethod: url.searchParams.get('paymentMethod') === 'online' ? 'online' : 'cod',
      }),
    },
    { headers },
  );

export const POST: APIRoute = async ({ request, cookies }) => {
  const type = request.headers.get('content-type') ?? '';
  const input = type.includes('application/json') ? await request.json().catch(() => null) : await readForm(request);
  const answer = await handleCartChange(request, cookies, input);
  const { refused, view } = answer;
  return Response.json(refused ? { error: refused.message, cart: view } : { cart: view }, {
    status: refused ? statusOf(refused.code) : 200,
    headers,
  });
};
