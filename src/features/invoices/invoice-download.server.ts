// The invoice PDF for the order pages: the signed-in owner (/orders/{n}/invoice.pdf), the holder of the
// order's signed link (/order/{n}/invoice.pdf?token=) and staff (/admin/orders/{n}/invoice.pdf). Anyone
// else, and an order without an invoice yet, get a 404, as for the order page itself.
import { findOrder, mayView, type OrderViewer } from '../orders/orders.server';
import { invoicePdfForOrder } from './invoice-pdf.server';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' } });

export async function invoiceResponse(orderNumber: string, viewer: OrderViewer | 'staff'): Promise<Response> {
  const order = await findOrder(orderNumber);
  if (!order || (viewer !== 'staff' && !mayView(order, viewer))) return notFound();
  const pdf = await invoicePdfForOrder(order.id);
  if (!pdf) return notFound();
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${pdf.filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}

/** Where the order page links the invoice for this viewer (the signed link keeps its token). */
export const invoicePath = (orderNumber: string, token?: string | null) =>
  token ? `/order/${orderNumber}/invoice.pdf?token=${encodeURIComponent(token)}` : `/orders/${orderNumber}/invoice.pdf`;
