// The signed-in customer's cart: GET it, PUT it whole, or POST a device's cart to merge in on sign-in.
import type { APIRoute } from 'astro';
import { getSessionUser } from '../../../features/auth/session.server';
import { loadSavedCart, mergeIntoSavedCart, replaceSavedCart } from '../../../features/cart/saved-cart.server';

export const prerender = false;
const headers = { 'cache-control': 'private, no-store' };

async function withUser(request: Request, act: (userId: string, body: unknown) => Promise<unknown>) {
  const user = await getSessionUser(request.headers);
  if (!user) return Response.json({ error: 'Sign in to keep your cart on your account.' }, { status: 401, headers });
  const body = request.method === 'GET' ? null : await request.json().catch(() => null) as { items?: unknown } | null;
  return Response.json({ userId: user.id, items: await act(user.id, body?.items) }, { headers });
}

export const GET: APIRoute = ({ request }) => withUser(request, (userId) => loadSavedCart(userId));
export const PUT: APIRoute = ({ request }) => withUser(request, (userId, items) => replaceSavedCart(userId, items as never));
export const POST: APIRoute = ({ request }) => withUser(request, (userId, items) => mergeIntoSavedCart(userId, items as never));
