// The signed-in customer's wishlist for the heart script: GET the saved ids; POST { productId, saved }
// to save or remove one, or { merge: [ids] } to fold in what a guest saved in this browser.
import type { APIRoute } from 'astro';
import { getSessionUser } from '../../features/auth/session.server';
import { statusOf } from '../../server/http/form.server';
import { mergeWishlist, setSaved, wishlistIds } from '../../features/wishlist/wishlist.server';

export const prerender = false;
const headers = { 'cache-control': 'private, no-store' };
const signInFirst = () =>
  Response.json({ error: 'Sign in to keep a wishlist on your account.' }, { status: 401, headers });

export const GET: APIRoute = async ({ request }) => {
  const user = await getSessionUser(request.headers);
  if (!user) return signInFirst();
  return Response.json({ ids: await wishlistIds(user.id) }, { headers });
};

export const POST: APIRoute = async ({ request }) => {
  const user = await getSessionUser(request.headers);
  if (!user) return signInFirst();
  const body = (await request.json().catch(() => null)) as {
    productId?: unknown;
    saved?: unknown;
    merge?: unknown;
  } | null;
  if (body && 'merge' in body) return Response.json({ ids: await mergeWishlist(user.id, body.merge) }, { headers });
  const saved = typeof body?.saved === 'boolean' ? body.saved : undefined;
  const answer = await setSaved(user.id, body?.productId, saved);
  if (!answer.ok) return Response.json({ error: answer.message }, { status: statusOf(answer.code), headers });
  return Response.json({ saved: answer.saved, ids: answer.ids }, { headers });
};
