// POST /api/payments/webhook: the payment gateway's events (signature checked on the raw body).
import type { APIRoute } from 'astro';
import { webhookRequest } from '../../../features/payments/payment-requests.server';

export const prerender = false;
export const POST: APIRoute = ({ request }) => webhookRequest(request);
