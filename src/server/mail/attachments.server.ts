// Turns a queued mail's attachment references into files when the outbox sends it. The outbox knows no
// document itself: the feature that makes one registers a provider for its kind (the invoice and credit
// note PDFs: invoices/mail-attachments.server.ts), so mail never imports the features that send it.
// A reference that cannot be made fails the send, which the outbox retries like any other failure.
import type { MailAttachmentRef } from './attachment-ref';

export interface MailFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Makes the file a reference names, or null when its document does not exist (yet). */
export type AttachmentProvider = (ref: MailAttachmentRef) => Promise<MailFile | null>;

const providers = new Map<string, AttachmentProvider>();

/** For the feature that owns `kind`, at module load; the module must be loaded wherever mail is sent. */
export function registerAttachments(kind: string, provider: AttachmentProvider) {
  providers.set(kind, provider);
}

export async function attachmentFiles(refs: MailAttachmentRef[]): Promise<MailFile[]> {
  const files: MailFile[] = [];
  for (const ref of refs) {
    const provider = providers.get(ref.kind);
    if (!provider) throw new Error(`No attachment provider is registered for "${ref.kind}"`);
    const file = await provider(ref);
    if (!file)
      throw new Error(
        'orderId' in ref
          ? `Order ${ref.orderId} has no ${ref.kind} to attach yet`
          : `No ${ref.kind} for ${JSON.stringify(ref)}`,
      );
    files.push(file);
  }
  return files;
}
