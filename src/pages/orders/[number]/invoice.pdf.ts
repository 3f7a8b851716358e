// /orders/{number}/invoice.pdf: the signed-in owner's tax invoice; anyone else gets a 404.
import type { APIRoute } from 'astro';
import { getSessionUser } from '../../../features/auth/session.server';
import { invoiceResponse } from '../../../features/invoices/invoice-download.server';

export const GET: APIRoute = async ({ params, request }) =>
  invoiceResponse(params.number ?? '', { customer: await getSessionUser(request.headers) });
