// POST /api/payments/verify: the checkout opened in place hands back the gateway's signed payment.
import type { APIRoute } from 'astro';
import { checkoutReturnRequest } from '../../../features/payments/payment-requests.server';

export const prerender = false;
export const POST: APIRoute = ({ request }) => checkoutReturnRequest(request);
