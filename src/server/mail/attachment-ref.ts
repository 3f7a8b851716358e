// What a queued mail carries instead of attachment bytes: a reference the outbox turns into the file
// when it sends the mail (server/mail/attachments.server.ts), so the outbox row stays small. The
// kind names the provider a feature registered for it (invoices: 'invoice', 'credit-note';
// appointments: 'appointment-calendar').

/** `nth`: which of the order's documents of that kind (the first when absent), e.g. its second credit note. */
export type OrderDocumentRef = { kind: string; orderId: number; nth?: number };
/** An appointment's calendar file, as the appointment stands when the mail is sent. */
export type AppointmentCalendarRef = { kind: 'appointment-calendar'; appointmentId: number };
export type MailAttachmentRef = OrderDocumentRef | AppointmentCalendarRef;
