// Issuing a GST credit note (CGST Act section 34) inside the transaction of the refund move: a refunded
// return of an invoiced order gets one credit note against the invoice, numbered from the credit
// notes' own series of the financial year (the counter row locked as for invoices: gapless, no
// repeats), for the returned lines only: their units and their worth by the allocation rule (the
// shipping line only when the return completes the order), each split into tax as on the invoice. An
// order never invoiced gets none: there is no output tax to reduce. An order refunded in several
// returns has several credit notes, in the order issued (its documents credit-note, credit-note-2, …).
import { asc, count, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { creditNotes, invoices } from '../../db/schema';
import { apportion } from '../../lib/refund-allocation';
import { creditNoteNumber, financialYear, splitCredit } from './gst';
import { type InvoiceRow, nextSequence, type Tx } from './invoices.server';

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** The reason printed on a refund's credit note (the lifecycle refunds only returned orders). */
export const RETURN_CREDIT_REASON = 'Goods returned';

/** A return's refund by the allocation rule: per order line (by id) the units and paise, and the shipping. */
export interface ReturnRefund {
  allocation: { lines: { id: number }[] };
  lines: { id: number; units: number; paise: number }[];
  shippingPaise: number;
  paise: number;
}

/**
 * The credit note for a refund of `refundPaise` (at most the rule's amount: the staff may refund less,
 * which is shared over the returned lines by their worth), or null when the order has no invoice.
 * Its `nth` is its place among the order's credit notes.
 */
export async function issueCreditNote(
  tx: Tx,
  refund: { orderId: number; returnId: number; quote: ReturnRefund; refundPaise: number },
  now: Date,
): Promise<(CreditNoteRow & { nth: number }) | null> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, refund.orderId));
  if (!invoice) return null;
  const { quote } = refund;
  // The invoice's lines are the order's lines by id, then the shipping line when there was shipping.
  const due = [
    ...quote.allocation.lines.map((line) => quote.lines.find((l) => l.id === line.id) ?? { units: 0, paise: 0 }),
    ...(invoice.lines.length > quote.allocation.lines.length
      ? [{ units: quote.shippingPaise > 0 ? 1 : 0, paise: quote.shippingPaise }]
      : []),
  ];
  const values =
    refund.refundPaise === quote.paise
      ? due.map((d) => d.paise)
      : apportion(
          refund.refundPaise,
          due.map((d) => d.paise),
        );
  const split = splitCredit(
    invoice,
    due.map((d, i) => ({ quantity: d.units, value: values[i] })),
  );
  const year = financialYear(now);
  const sequence = await nextSequence(tx, 'credit_note', year);
  const [creditNote] = await tx
    .insert(creditNotes)
    .values({
      orderId: refund.orderId,
      invoiceId: invoice.id,
      returnId: refund.returnId,
      creditNoteNumber: creditNoteNumber(year, sequence),
      financialYear: year,
      sequence,
      issuedAt: now,
      reason: RETURN_CREDIT_REASON,
      lines: split.lines,
      taxablePaise: split.taxable,
      cgstPaise: split.cgst,
      sgstPaise: split.sgst,
      igstPaise: split.igst,
      totalPaise: split.total,
    })
    .returning();
  const [{ issued }] = await tx
    .select({ issued: count() })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, refund.orderId));
  return { ...creditNote, nth: issued };
}

/** The order's credit notes in the order issued, each with the invoice it credits. */
export async function findCreditNotes(orderId: number): Promise<{ creditNote: CreditNoteRow; invoice: InvoiceRow }[]> {
  const db = await getDb();
  return db
    .select({ creditNote: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id));
}
