// GET /test-gateway/checkout.js: the built-in test gateway's stand-in for the gateway's checkout script.
import type { APIRoute } from 'astro';
import { testCheckoutScriptRequest } from '../../features/payments/test-gateway/pay-page.server';

export const prerender = false;
export const GET: APIRoute = () => testCheckoutScriptRequest();
