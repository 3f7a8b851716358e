// What a queued mail carries instead of attachment bytes: a reference the outbox turns into the file
// when it sends the mail (features/email/attachments.server.ts), so the outbox row stays small.
import type { OrderDocument } from '../invoices/invoice-types';

/** `nth`: which of the order's credit notes (the first when absent). */
export type MailAttachmentRef = { kind: OrderDocument; orderId: number; nth?: number };
