// /admin/orders/{number}/invoice.pdf and …/credit-note.pdf: any order's GST documents, for staff. Like
// every desk route: signed out → sign in first; a customer → 403.
import type { APIRoute } from 'astro';
import { deskAccess } from '../../../../features/admin/staff-access.server';
import { documentResponse } from '../../../../features/invoices/order-documents.server';

export const GET: APIRoute = async (context) => {
  const access = await deskAccess(context);
  if (access.response) return access.response;
  return documentResponse(context.params.number ?? '', context.params.document ?? '', 'staff');
};
