// POST /sign-out: ends the session and returns to the home page (the spec's sign-out behaviour).
import type { APIRoute } from 'astro';
import { signOut } from '../features/auth/sign-in.server';

export const prerender = false;
export const POST: APIRoute = (context) => signOut(context);
export const GET: APIRoute = ({ redirect }) => redirect('/dashboard', 302);
