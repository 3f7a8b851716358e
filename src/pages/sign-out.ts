// POST /sign-out: ends the session and returns to the home page (the spec's sign-out behaviour). The
// device no longer holds the account's cart: the next person on a shared phone starts empty.
import type { APIRoute } from 'astro';
import { forgetCart } from '../features/cart/cart.server';
import { signOut } from '../features/auth/sign-in.server';

export const prerender = false;
export const POST: APIRoute = (context) => {
  forgetCart(context.cookies);
  return signOut(context);
};
export const GET: APIRoute = ({ redirect }) => redirect('/dashboard', 302);
