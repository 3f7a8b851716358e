import type { APIRoute } from 'astro';
import { parsePriceRequest } from '../../../features/cart/cart.schema';
import { priceCart } from '../../../features/cart/pricing.server';

export const POST: APIRoute = async ({ request }) => {
  const parsed = parsePriceRequest(await request.json().catch(() => undefined));
  if (!parsed.ok) return Response.json({ message: parsed.message }, { status: 400 });
  return Response.json(await priceCart(parsed.data.items, parsed.data.code));
};
