// POST /order/{number}/pay: "Pay now" on an order awaiting payment opens the gateway's hosted page.
import type { APIRoute } from 'astro';
import { payOrderRequest } from '../../../features/payments/payment-requests.server';

export const prerender = false;
export const POST: APIRoute = ({ request, params }) => payOrderRequest(request, params.number ?? '');
