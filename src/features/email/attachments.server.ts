// Turns a queued mail's attachment references into files when the outbox sends it (the invoice PDF is
// made from its stored row at that moment). A reference that cannot be made fails the send, which the
// outbox retries like any other failure.
import { invoicePdfForOrder } from '../invoices/invoice-pdf.server';
import type { MailAttachmentRef } from './attachment-ref';

export interface MailFile { filename: string; content: Buffer; contentType: string }

export async function attachmentFiles(refs: MailAttachmentRef[]): Promise<MailFile[]> {
  const files: MailFile[] = [];
  for (const ref of refs) {
    if (ref.kind === 'invoice') {
      const pdf = await invoicePdfForOrder(ref.orderId);
      if (!pdf) throw new Error(`Order ${ref.orderId} has no invoice to attach yet`);
      files.push({ filename: pdf.filename, content: pdf.bytes, contentType: 'application/pdf' });
    }
  }
  return files;
}
