// /test-gateway/v1/*: the built-in test gateway's API over HTTP (Razorpay's paths and shapes, HTTP Basic
// with the test keys), for tools and for pointing a Razorpay client at this store. 404 unless it is on.
import type { APIRoute } from 'astro';
import { testGatewayHttpRequest } from '../../../features/payments/test-gateway/pay-page.server';

export const prerender = false;
export const ALL: APIRoute = ({ request, params }) => testGatewayHttpRequest(request, params.path ?? '');
