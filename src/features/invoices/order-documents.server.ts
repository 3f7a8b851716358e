// An order's GST documents as PDFs: the tax invoice (once the order ships), the credit note (once a
// return is refunded) and the delivery challan (once a replacement is sent). The order pages link them for the signed-in owner (/orders/{n}/{document}.pdf)
// and the holder of the order's signed link (/order/{n}/{document}.pdf?token=); staff get them at
// /admin/orders/{n}/{document}.pdf. Anyone else, and an order without that document yet, get a 404,
// as for the order page itself. The mail outbox attaches them by the same names.
import { findOrder, mayView, type OrderViewer } from '../orders/orders.server';
import { creditNotePdfForOrder } from './credit-note-pdf.server';
import { deliveryChallanPdfForOrder } from './delivery-challan-pdf.server';
import { invoicePdfForOrder } from './invoice-pdf.server';
import type { OrderDocument } from './invoice-types';

const PDF_OF: Record<
  OrderDocument,
  (orderId: number, nth?: number) => Promise<{ filename: string; bytes: Buffer } | null>
> = {
  invoice: invoicePdfForOrder,
  'credit-note': creditNotePdfForOrder,
  'delivery-challan': deliveryChallanPdfForOrder,
};

/**
 * 'invoice', 'credit-note' (the first credit note) or 'credit-note-2', … (the later ones of an order refunded
 * again); 'delivery-challan', 'delivery-challan-2', … likewise.
 */
function parseDocument(name: string): { document: OrderDocument; nth: number } | null {
  const match = /^(invoice|credit-note|delivery-challan)(?:-([2-9]|[1-9]\d))?$/.exec(name);
  if (!match || (match[1] === 'invoice' && match[2])) return null;
  return { document: match[1] as OrderDocument, nth: Number(match[2] ?? 1) };
}

/** The document's PDF for the order (its `nth` credit note), or null when the order has none (yet). */
export const orderDocumentPdf = (document: OrderDocument, orderId: number, nth = 1) => PDF_OF[document](orderId, nth);

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
  });

export async function documentResponse(
  orderNumber: string,
  document: string,
  viewer: OrderViewer | 'staff',
): Promise<Response> {
  const wanted = parseDocument(document);
  if (!wanted) return notFound();
  const order = await findOrder(orderNumber);
  if (!order || (viewer !== 'staff' && !mayView(order, viewer))) return notFound();
  const pdf = await orderDocumentPdf(wanted.document, order.id, wanted.nth);
  if (!pdf) return notFound();
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${pdf.filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}

/** A document's name in its path: the first credit note is 'credit-note', the second 'credit-note-2'. */
export const documentName = (document: OrderDocument, nth = 1) => (nth > 1 ? `${document}-${nth}` : document);

/** Where the order page links the document for this viewer (the signed link keeps its token). */
export const documentPath = (orderNumber: string, document: OrderDocument, token?: string | null, nth = 1) =>
  token
    ? `/order/${orderNumber}/${documentName(document, nth)}.pdf?token=${encodeURIComponent(token)}`
    : `/orders/${orderNumber}/${documentName(document, nth)}.pdf`;
