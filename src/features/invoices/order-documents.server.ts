// An order's GST documents as PDFs: the tax invoice (once the order ships) and the credit note (once a
// return is refunded). The order pages link them for the signed-in owner (/orders/{n}/{document}.pdf)
// and the holder of the order's signed link (/order/{n}/{document}.pdf?token=); staff get them at
// /admin/orders/{n}/{document}.pdf. Anyone else, and an order without that document yet, get a 404,
// as for the order page itself. The mail outbox attaches them by the same names.
import { findOrder, mayView, type OrderViewer } from '../orders/orders.server';
import { creditNotePdfForOrder } from './credit-note-pdf.server';
import { invoicePdfForOrder } from './invoice-pdf.server';
import type { OrderDocument } from './invoice-types';

const PDF_OF: Record<OrderDocument, (orderId: number) => Promise<{ filename: string; bytes: Buffer } | null>> = {
  invoice: invoicePdfForOrder,
  'credit-note': creditNotePdfForOrder,
};

const isOrderDocument = (value: string): value is OrderDocument => Object.hasOwn(PDF_OF, value);

/** The document's PDF for the order, or null when the order has none (yet). */
export const orderDocumentPdf = (document: OrderDocument, orderId: number) => PDF_OF[document](orderId);

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' } });

export async function documentResponse(orderNumber: string, document: string, viewer: OrderViewer | 'staff'): Promise<Response> {
  if (!isOrderDocument(document)) return notFound();
  const order = await findOrder(orderNumber);
  if (!order || (viewer !== 'staff' && !mayView(order, viewer))) return notFound();
  const pdf = await orderDocumentPdf(document, order.id);
  if (!pdf) return notFound();
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${pdf.filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}

/** Where the order page links the document for this viewer (the signed link keeps its token). */
export const documentPath = (orderNumber: string, document: OrderDocument, token?: string | null) =>
  token ? `/order/${orderNumber}/${document}.pdf?token=${encodeURIComponent(token)}` : `/orders/${orderNumber}/${document}.pdf`;
