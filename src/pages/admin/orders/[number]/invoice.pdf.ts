// /admin/orders/{number}/invoice.pdf: any order's tax invoice, for staff; everyone else gets a 404.
import type { APIRoute } from 'astro';
import { getDb } from '../../../../db/client';
import { getSessionUser } from '../../../../features/auth/session.server';
import { staffRole } from '../../../../features/auth/staff.server';
import { invoiceResponse } from '../../../../features/invoices/invoice-download.server';

export const GET: APIRoute = async ({ params, request }) => {
  const user = await getSessionUser(request.headers);
  if (!user || !(await staffRole(await getDb(), user.id))) return new Response('Not found', { status: 404 });
  return invoiceResponse(params.number ?? '', 'staff');
};
