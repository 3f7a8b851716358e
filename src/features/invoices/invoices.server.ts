// Issuing a GST tax invoice for an order, inside the transaction of the move that issues it (the
// order ships; an order delivered without one gets it then). The number comes from the financial
// year's counter row, updated (and so locked) by this transaction: two orders invoiced at once queue
// on that row, and a transaction that rolls back hands its number back, so the series has no gaps and
// no repeats. The figures come from the order's stored lines and totals, never from current prices.
import { eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { invoiceSeries, invoices, orders, products, type SeriesDocument } from '../../db/schema';
import { env, IDENTITY_PLACEHOLDERS } from '../../server/config/env.server';
import type { IndianStateOrUt } from '../../lib/india';
import { orderStockLines } from '../stock/kits.server';
import {
  DEFAULT_TAX,
  financialYear,
  GST_STATE_CODES,
  gstinState,
  invoiceNumber,
  kitDescription,
  kitTax,
  splitTax,
} from './gst';
import type { InvoiceSeller } from './invoice-types';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type InvoiceRow = typeof invoices.$inferSelect;

export function currentSeller(): InvoiceSeller {
  const { STORE_GSTIN: gstin, STORE_ADDRESS: address, STORE_LEGAL_NAME: name } = env();
  const state = gstinState(gstin);
  if (!state) throw new Error(`STORE_GSTIN ${gstin} does not start with a known state code`);
  return { name, gstin, address, state, stateCode: GST_STATE_CODES[state] };
}

export const PLACEHOLDER_GSTIN_REFUSAL = `No tax invoice can be issued under the placeholder GSTIN ${IDENTITY_PLACEHOLDERS.STORE_GSTIN}, and goods do not leave without one: set STORE_GSTIN to the store’s own registration and restart the store. Nothing was changed.`;

/** Whether this process may issue tax invoices: in production, never under the placeholder GSTIN (docs/decisions/0082-store-identity.md). */
export function sellerRefusal(): string | null {
  const config = env();
  return config.NODE_ENV === 'production' && config.STORE_GSTIN === IDENTITY_PLACEHOLDERS.STORE_GSTIN
    ? PLACEHOLDER_GSTIN_REFUSAL
    : null;
}

/** Why a move that issues the order's invoice cannot be made now (null when it has one already, or may get one). */
export async function invoiceRefusal(tx: Tx, orderId: number): Promise<string | null> {
  const refusal = sellerRefusal();
  if (!refusal) return null;
  const [existing] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId));
  return existing ? null : refusal;
}

/** The next number of the document's series in the financial year; the counter row stays locked until the caller commits. */
export async function nextSequence(tx: Tx, document: SeriesDocument, year: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ document, financialYear: year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [invoiceSeries.document, invoiceSeries.financialYear],
      set: { lastSequence: sql`${invoiceSeries.lastSequence} + 1` },
    })
    .returning({ sequence: invoiceSeries.lastSequence });
  return row.sequence;
}

/** The order's invoice, issued now if it has none yet (the order row must be locked by the caller). */
export async function issueInvoice(tx: Tx, orderId: number, now: Date): Promise<InvoiceRow> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (existing) return existing;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const lines = await orderStockLines(tx, orderId);
  // A kit is taxed on its components' rates (docs/decisions/0102-regimen-kits.md), an ordinary line on its own.
  const taxedIds = lines.flatMap((l) => (l.parts ? l.parts.map((p) => p.productId) : [l.productId]));
  const taxes = taxedIds.length
    ? await tx
        .select({ id: products.id, hsn: products.hsnCode, rate: products.gstRate })
        .from(products)
        .where(inArray(products.id, taxedIds))
    : [];
  const taxOf = new Map(taxes.map((t) => [t.id, t]));
  const lineTax = (line: (typeof lines)[number]) =>
    line.parts
      ? kitTax(line.parts.map((p) => taxOf.get(p.productId) ?? DEFAULT_TAX))
      : (taxOf.get(line.productId) ?? DEFAULT_TAX);
  const refused = sellerRefusal();
  if (refused) throw new Error(refused);
  const seller = currentSeller();
  const placeOfSupply = order.address.state as IndianStateOrUt;
  const intraState = placeOfSupply === seller.state;
  const split = splitTax({
    lines: lines.map((l) => ({
      name: l.parts ? kitDescription(l.name, l.parts) : l.name,
      months: l.months,
      quantity: l.quantity,
      lineTotal: l.lineTotal,
      ...lineTax(l),
    })),
    subtotal: order.subtotal,
    shipping: order.shipping,
    total: order.total,
    intraState,
  });
  const year = financialYear(now);
  const sequence = await nextSequence(tx, 'invoice', year);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      orderId,
      invoiceNumber: invoiceNumber(year, sequence),
      financialYear: year,
      sequence,
      issuedAt: now,
      seller,
      placeOfSupply,
      intraState,
      lines: split.lines,
      taxablePaise: split.taxable,
      cgstPaise: split.cgst,
      sgstPaise: split.sgst,
      igstPaise: split.igst,
      totalPaise: split.total,
      buyerGstin: order.buyerGstin,
    })
    .returning();
  return invoice;
}

/** The order's invoice, or null before it has one. */
export async function findInvoice(orderId: number): Promise<InvoiceRow | null> {
  const db = await getDb();
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return invoice ?? null;
}
