import type { APIRoute } from 'astro';
import { statusOf } from '../../server/http/error-status';
import { shopperOf } from '../../features/cart/cart-request.server';
import { paymentStep, placeShopperOrder } from '../../features/checkout/checkout-request.server';
import { placeOrderRequestFromJson } from '../../features/checkout/checkout.schema';

export const prerender = false;

/**
 * Places the order for the shopper's cart (or returns the one this form already placed) and says where
 * its confirmation is; an order paid online also gets the gateway's checkout to open in place.
 */
export const POST: APIRoute = async ({ request, cookies }) => {
  const body = placeOrderRequestFromJson(await request.json().catch(() => undefined));
  const result = await placeShopperOrder(cookies, await shopperOf(request), body);
  const headers = { 'cache-control': 'private, no-store' };
  if (!result.ok) return Response.json(result, { status: statusOf(result.code), headers });
  const step = body.paymentMethod === 'online' ? await paymentStep(result, true) : null;
  return Response.json(
    {
      ok: true,
      orderNumber: result.orderNumber,
      url: step && !step.ok ? step.url : result.url,
      ...(step?.ok && 'checkout' in step && { checkout: step.checkout }),
    },
    { status: result.created ? 201 : 200, headers },
  );
};
