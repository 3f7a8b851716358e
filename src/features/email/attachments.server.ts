// Turns a queued mail's attachment references into files when the outbox sends it (the invoice or
// credit note PDF is made from its stored row at that moment). A reference that cannot be made fails
// the send, which the outbox retries like any other failure.
import { orderDocumentPdf } from '../invoices/order-documents.server';
import type { MailAttachmentRef } from './attachment-ref';

export interface MailFile { filename: string; content: Buffer; contentType: string }

export async function attachmentFiles(refs: MailAttachmentRef[]): Promise<MailFile[]> {
  const files: MailFile[] = [];
  for (const ref of refs) {
    const pdf = await orderDocumentPdf(ref.kind, ref.orderId, ref.nth);
    if (!pdf) throw new Error(`Order ${ref.orderId} has no ${ref.kind} to attach yet`);
    files.push({ filename: pdf.filename, content: pdf.bytes, contentType: 'application/pdf' });
  }
  return files;
}
