// Order mail carries the order's GST documents: the delivery mail the tax invoice, the refund mail the
// credit note, the replacement's mail its delivery challan. The outbox attaches files by kind without
// knowing invoices; this registers how these are made. The middleware imports it where it starts the outbox worker, so every server that sends
// mail has them (tests that send order mail import it too).
import type { MailAttachmentRef } from '../../server/mail/attachment-ref';
import { registerAttachments } from '../../server/mail/attachments.server';
import type { OrderDocument } from './invoice-types';
import { orderDocumentPdf } from './order-documents.server';

const attachOrderDocument = (document: OrderDocument) => async (ref: MailAttachmentRef) => {
  if (!('orderId' in ref)) return null;
  const pdf = await orderDocumentPdf(document, ref.orderId, ref.nth);
  return pdf && { filename: pdf.filename, content: pdf.bytes, contentType: 'application/pdf' };
};

registerAttachments('invoice', attachOrderDocument('invoice'));
registerAttachments('credit-note', attachOrderDocument('credit-note'));
registerAttachments('delivery-challan', attachOrderDocument('delivery-challan'));
