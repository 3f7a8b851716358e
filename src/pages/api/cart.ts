// The cart for islands: GET the priced cart, POST one change (JSON or form fields) and get it back.
import type { APIRoute } from 'astro';
import { handleCartChange, readCart } from '../../features/cart/cart-request.server';
import { readForm } from '../../lib/form-data';

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
  return Response.json(answer.error ? { error: answer.error, cart: answer.view } : { cart: answer.view }, {
    status: answer.status,
    headers,
  });
};
