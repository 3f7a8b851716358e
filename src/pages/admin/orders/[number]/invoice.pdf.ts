// /admin/orders/{number}/invoice.pdf: any order's tax invoice, for staff. Like every desk route:
// signed out → sign in first; a customer → 403.
import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../features/admin/staff-access.server';
import { invoiceResponse } from '../../../../features/invoices/invoice-download.server';

export const GET: APIRoute = async (context) => {
  const staff = await requireStaff(context);
  if (staff.response) return staff.response;
  return invoiceResponse(context.params.number ?? '', 'staff');
};
