import type { APIRoute } from 'astro';
import { getSessionUser } from '../../features/auth/session.server';
import { placeOrder } from '../../features/checkout/checkout.server';
import { placeOrderRequestFromJson } from '../../features/checkout/checkout.schema';
import { orderConfirmationPath } from '../../features/checkout/order-access.server';

/** Places the order (or returns the one this form already placed) and says where its confirmation is. */
export const POST: APIRoute = async ({ request }) => {
  const body = placeOrderRequestFromJson(await request.json().catch(() => undefined));
  const result = await placeOrder(body, await getSessionUser(request.headers));
  if (!result.ok) return Response.json(result, { status: result.status });
  return Response.json({ ok: true, orderNumber: result.orderNumber, url: orderConfirmationPath(result.orderNumber, result.email) }, { status: result.created ? 201 : 200 });
};
