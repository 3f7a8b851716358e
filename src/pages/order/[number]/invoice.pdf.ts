// /order/{number}/invoice.pdf?token=…: the tax invoice through the order's signed link (or for its signed-in owner).
import type { APIRoute } from 'astro';
import { getSessionUser } from '../../../features/auth/session.server';
import { invoiceResponse } from '../../../features/invoices/invoice-download.server';

export const GET: APIRoute = async ({ params, request, url }) =>
  invoiceResponse(params.number ?? '', { customer: await getSessionUser(request.headers), token: url.searchParams.get('token') });
