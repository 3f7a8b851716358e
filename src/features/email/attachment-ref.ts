// What a queued mail carries instead of attachment bytes: a reference the outbox turns into the file
// when it sends the mail (features/email/attachments.server.ts), so the outbox row stays small. The
// kind names the provider a feature registered for it (invoices: 'invoice', 'credit-note').

/** `nth`: which of the order's documents of that kind (the first when absent), e.g. its second credit note. */
export type MailAttachmentRef = { kind: string; orderId: number; nth?: number };
