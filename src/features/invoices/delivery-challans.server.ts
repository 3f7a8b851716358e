// Issuing a delivery challan inside the transaction of the "Send replacement" move. A replacement is the
// same goods sent again, free of charge, under the order's original invoice: there is no new supply to
// invoice and no tax to charge (CBIC circular 195/07/2023 for replacements under warranty), but goods in
// transport must travel with a document (CGST Rules, rule 55): the challan, numbered from its own gapless
// series per financial year (the counter row locked as for invoices), listing the replaced units valued
// as on the invoice.
import { asc, count, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { deliveryChallans, invoices, orderLines } from '../../db/schema';
import { type ChallanLine, deliveryChallanNumber, financialYear } from './gst';
import { type InvoiceRow, nextSequence, type Tx } from './invoices.server';

export type DeliveryChallanRow = typeof deliveryChallans.$inferSelect;

/**
 * The challan for a replacement of `units` (per order line) of an invoiced order, or null for an order
 * never invoiced (one delivered before the store issued invoices): there is no invoice to value it by.
 * The invoice's lines are the order's lines by id (then shipping, which a replacement does not carry), so each replaced unit takes
 * its line's description, HSN and rate, and its taxable value per unit. Its `nth` is its place among the
 * order's challans.
 */
export async function issueDeliveryChallan(
  tx: Tx,
  replacement: { orderId: number; returnId: number; units: { orderLineId: number; quantity: number }[] },
  now: Date,
): Promise<(DeliveryChallanRow & { nth: number }) | null> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, replacement.orderId));
  if (!invoice) return null;
  const ids = (
    await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, replacement.orderId))
      .orderBy(asc(orderLines.id))
  ).map((l) => l.id);
  const lines: ChallanLine[] = replacement.units
    .filter((u) => u.quantity > 0)
    .sort((a, b) => ids.indexOf(a.orderLineId) - ids.indexOf(b.orderLineId))
    .map((unit) => {
      const invoiced = invoice.lines[ids.indexOf(unit.orderLineId)];
      return {
        description: invoiced.description,
        hsn: invoiced.hsn,
        rate: invoiced.rate,
        quantity: unit.quantity,
        value: Math.round((invoiced.taxable * unit.quantity) / invoiced.quantity),
      };
    });
  const year = financialYear(now);
  const sequence = await nextSequence(tx, 'delivery_challan', year);
  const [challan] = await tx
    .insert(deliveryChallans)
    .values({
      orderId: replacement.orderId,
      invoiceId: invoice.id,
      returnId: replacement.returnId,
      challanNumber: deliveryChallanNumber(year, sequence),
      financialYear: year,
      sequence,
      issuedAt: now,
      lines,
      valuePaise: lines.reduce((sum, line) => sum + line.value, 0),
    })
    .returning();
  const [{ issued }] = await tx
    .select({ issued: count() })
    .from(deliveryChallans)
    .where(eq(deliveryChallans.orderId, replacement.orderId));
  return { ...challan, nth: issued };
}

/** The order's delivery challans in the order issued, each with the invoice the goods were first sold under. */
export async function findDeliveryChallans(
  orderId: number,
): Promise<{ challan: DeliveryChallanRow; invoice: InvoiceRow }[]> {
  const db = await getDb();
  return db
    .select({ challan: deliveryChallans, invoice: invoices })
    .from(deliveryChallans)
    .innerJoin(invoices, eq(invoices.id, deliveryChallans.invoiceId))
    .where(eq(deliveryChallans.orderId, orderId))
    .orderBy(asc(deliveryChallans.issuedAt), asc(deliveryChallans.id));
}
