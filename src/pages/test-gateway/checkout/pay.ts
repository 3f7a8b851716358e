// POST /test-gateway/checkout/pay: the test checkout's dialog pays (or fails) a gateway order.
import type { APIRoute } from 'astro';
import { testCheckoutPayRequest } from '../../../features/payments/test-gateway/pay-page.server';

export const prerender = false;
export const POST: APIRoute = ({ request }) => testCheckoutPayRequest(request);
