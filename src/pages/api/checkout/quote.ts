import type { APIRoute } from 'astro';
import { getSessionUser } from '../../../features/auth/session.server';
import { parsePriceRequest } from '../../../features/cart/cart.schema';
import { quoteForCart } from '../../../features/checkout/checkout.server';

/** The checkout's price breakup for these lines and code (the first-order offer, coupons and points need the session). */
export const POST: APIRoute = async ({ request }) => {
  const body = await request.json().catch(() => undefined) as { usePoints?: unknown } | undefined;
  const parsed = parsePriceRequest(body);
  if (!parsed.ok) return Response.json({ message: parsed.message }, { status: 400 });
  const customer = await getSessionUser(request.headers);
  return Response.json(await quoteForCart(parsed.data.items, parsed.data.code ?? null, customer, body?.usePoints === true));
};
