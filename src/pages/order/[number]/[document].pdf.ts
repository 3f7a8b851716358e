// /order/{number}/invoice.pdf?token=… and /order/{number}/credit-note.pdf?token=…: the GST documents
// through the order's signed link (or for its signed-in owner).
import type { APIRoute } from 'astro';
import { getSessionUser } from '../../../features/auth/session.server';
import { documentResponse } from '../../../features/invoices/order-documents.server';

export const GET: APIRoute = async ({ params, request, url }) =>
  documentResponse(params.number ?? '', params.document ?? '', {
    customer: await getSessionUser(request.headers),
    token: url.searchParams.get('token'),
  });
