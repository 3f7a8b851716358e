// /admin/orders/{number}/invoice.pdf and …/credit-note.pdf: any order's GST documents, for staff. Like
// every desk route: signed out → sign in first; a customer → 403. A document sent is logged as an
// opening of the order's customer data (it names them).
import type { APIRoute } from 'astro';
import { deskAccess } from '../../../../features/admin/staff-access.server';
import { documentResponse } from '../../../../features/invoices/order-documents.server';
import { logStaffAccess } from '../../../../features/privacy/data-access-log.server';

export const GET: APIRoute = async (context) => {
  const access = await deskAccess(context);
  if (access.response) return access.response;
  const number = context.params.number ?? '';
  const document = context.params.document ?? '';
  const response = await documentResponse(number, document, 'staff');
  if (response.ok) await logStaffAccess(access.staff, `${document} PDF`, [{ record: { kind: 'order', ref: number } }]);
  return response;
};
