import type { APIRoute } from 'astro';
import { currentCart, rememberCart } from '../../features/cart/cart.server';
import { shopperOf } from '../../features/cart/cart-request.server';
import { placeOrder } from '../../features/checkout/checkout.server';
import { placeOrderRequestFromJson } from '../../features/checkout/checkout.schema';
import { orderConfirmationPath } from '../../features/checkout/order-access.server';

export const prerender = false;

/** Places the order for the shopper's cart (or returns the one this form already placed) and says where its confirmation is. */
export const POST: APIRoute = async ({ request, cookies }) => {
  const body = placeOrderRequestFromJson(await request.json().catch(() => undefined));
  const shopper = await shopperOf(request);
  const cart = await currentCart({ cookies, shopper });
  const result = await placeOrder(body, cart, shopper);
  const headers = { 'cache-control': 'private, no-store' };
  if (!result.ok) return Response.json(result, { status: result.status, headers });
  // The cart was emptied with the order: the next page's badge reads 0.
  if (cart) rememberCart(cookies, cart, cart.revision + 1);
  return Response.json({ ok: true, orderNumber: result.orderNumber, url: orderConfirmationPath(result.orderNumber, result.email) }, { status: result.created ? 201 : 200, headers });
};
