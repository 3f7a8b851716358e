// /orders/{number}/invoice.pdf and /orders/{number}/credit-note.pdf: the signed-in owner's GST
// documents; anyone else gets a 404.
import type { APIRoute } from 'astro';
import { getSessionUser } from '../../../features/auth/session.server';
import { documentResponse } from '../../../features/invoices/order-documents.server';

export const GET: APIRoute = async ({ params, request }) =>
  documentResponse(params.number ?? '', params.document ?? '', { customer: await getSessionUser(request.headers) });
