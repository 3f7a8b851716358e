// Issuing a GST credit note (CGST Act section 34) inside the transaction of the refund move: a refunded
// order that was invoiced gets one credit note against its invoice, numbered from the credit notes'
// own series of the financial year (the counter row locked as for invoices: gapless, no repeats), for
// the refunded amount shared over the invoice's lines (gst.ts splitCredit). An order never invoiced
// (refunded before it shipped) gets none: there is no output tax to reduce.
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { creditNotes, invoices } from '../../db/schema';
import { creditNoteNumber, financialYear, splitCredit } from './gst';
import { type InvoiceRow, nextSequence, type Tx } from './invoices.server';

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** The reason printed on a refund's credit note (the lifecycle refunds only returned orders). */
export const RETURN_CREDIT_REASON = 'Goods returned';

/** The credit note for a refund of `refundRupees` on the order's return, or null when the order has no invoice. */
export async function issueCreditNote(tx: Tx, refund: { orderId: number; returnId: number; refundRupees: number }, now: Date): Promise<CreditNoteRow | null> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, refund.orderId));
  if (!invoice) return null;
  const split = splitCredit(invoice, refund.refundRupees * 100);
  const year = financialYear(now);
  const sequence = await nextSequence(tx, 'credit_note', year);
  const [creditNote] = await tx.insert(creditNotes).values({
    orderId: refund.orderId, invoiceId: invoice.id, returnId: refund.returnId,
    creditNoteNumber: creditNoteNumber(year, sequence), financialYear: year, sequence, issuedAt: now, reason: RETURN_CREDIT_REASON,
    lines: split.lines, taxablePaise: split.taxable, cgstPaise: split.cgst, sgstPaise: split.sgst, igstPaise: split.igst, totalPaise: split.total,
  }).returning();
  return creditNote;
}

/** The order's credit note with the invoice it credits, or null when it has none. */
export async function findCreditNote(orderId: number): Promise<{ creditNote: CreditNoteRow; invoice: InvoiceRow } | null> {
  const db = await getDb();
  const [row] = await db.select({ creditNote: creditNotes, invoice: invoices }).from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId)).where(eq(creditNotes.orderId, orderId));
  return row ?? null;
}
