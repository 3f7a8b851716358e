// The layout every GST document of the store shares (pdfkit, docs/decisions: GST tax invoices): the
// title, the seller, the document's own heading lines, the buyer, a table of lines with CGST + SGST or
// IGST columns, the totals and the notes. The tax invoice and the credit note fill it from their rows.
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { getDb } from '../../db/client';
import { orders } from '../../db/schema';
import { formatAddress } from '../../lib/checkout';
import type { IndianStateOrUt } from '../../lib/india';
import { formatPaise, GST_STATE_CODES } from './gst';
import type { InvoiceSeller } from './invoice-types';

export type OrderRow = typeof orders.$inferSelect;
type Column = readonly [label: string, width: number];
type Taxes = { cgst: number; sgst: number; igst: number };

export interface GstDocument {
  /** Printed at the top ('TAX INVOICE') and, with the number, as the file's title. */
  title: string;
  infoTitle: string;
  seller: InvoiceSeller;
  order: OrderRow;
  /** A business purchase: the buyer's GSTIN as the invoice recorded it. */
  buyerGstin?: string | null;
  intraState: boolean;
  /** The right-hand block: the document number (bold), then dates and references. */
  numberLine: string;
  headingLines: string[];
  /** The table: the columns before and after the tax columns, one row per line, then the total row. */
  columnsBeforeTax: Column[];
  columnsAfterTax: Column[];
  rows: { before: string[]; taxes: Taxes; after: string[] }[];
  total: { before: string[]; taxes: Taxes; after: string[] };
  /** The figures under the table; the last (the document's total) in bold. */
  summary: [string, string][];
  notes: string[];
}

/** The order row a document is printed for. */
export async function orderRow(orderId: number): Promise<OrderRow> {
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

export const formatDate = (at: Date) =>
  at.toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

export const orderLine = (order: OrderRow) => `Order: ${order.orderNumber} of ${formatDate(order.createdAt)}`;

export function placeOfSupplyLine(placeOfSupply: string) {
  const code = GST_STATE_CODES[placeOfSupply as IndianStateOrUt] ?? '';
  return `Place of supply: ${placeOfSupply}${code ? ` (${code})` : ''}`;
}

/** The taxable value and the tax lines of a summary: CGST and SGST, or IGST. */
export const taxSummary = (intraState: boolean, taxable: number, taxes: Taxes): [string, string][] => [
  ['Taxable value', formatPaise(taxable)],
  ...(intraState
    ? ([
        ['CGST', formatPaise(taxes.cgst)],
        ['SGST', formatPaise(taxes.sgst)],
      ] as [string, string][])
    : ([['IGST', formatPaise(taxes.igst)]] as [string, string][])),
];

export const supplyNote = (intraState: boolean) =>
  `${intraState ? 'Intra-state supply: CGST and SGST' : 'Inter-state supply: IGST'}. Prices include GST; amounts in Indian rupees.`;

/** The file name a shopper saves: invoice-VED-26-27-000001.pdf. */
export const documentFileName = (kind: string, number: string) => `${kind}-${number.replaceAll('/', '-')}.pdf`;

/**
 * The `nth` (1: the first issued) of an order's documents of one kind as a PDF, or null when it has none
 * such: its rows found in the order issued, each named and rendered with the order's row.
 */
export async function nthOrderDocumentPdf<Found>(
  orderId: number,
  nth: number,
  documents: (orderId: number) => Promise<Found[]>,
  fileName: (found: Found) => string,
  render: (found: Found, order: OrderRow) => Promise<Buffer>,
): Promise<{ filename: string; bytes: Buffer } | null> {
  const found = (await documents(orderId))[nth - 1];
  if (!found) return null;
  return { filename: fileName(found), bytes: await render(found, await orderRow(orderId)) };
}

export function renderGstDocument(spec: GstDocument): Promise<Buffer> {
  const { seller, order } = spec;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: spec.infoTitle, Author: seller.name, Subject: `Order ${order.orderNumber}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 40;
  const width = 515;
  doc.font('Helvetica-Bold').fontSize(16).text(spec.title, left, 40, { width, align: 'center' });
  doc.moveDown(0.8);
  doc.fontSize(11).text(seller.name);
  doc.font('Helvetica').fontSize(9).text(seller.address);
  doc.text(`GSTIN: ${seller.gstin}`);
  doc.text(`State: ${seller.state} (code ${seller.stateCode})`);
  doc.font('Helvetica-Bold').text(spec.numberLine, 330, 110, { width: 225, align: 'right' });
  doc.font('Helvetica');
  for (const line of spec.headingLines) doc.text(line, 330, undefined, { width: 225, align: 'right' });
  const headingBottom = doc.y;

  doc.font('Helvetica-Bold').text('Bill to / Ship to', left, 170);
  if (order.erasedAt && spec.buyerGstin) {
    // A business purchase keeps the recipient's name and address the invoice must carry; no phone or email.
    doc.font('Helvetica').text(formatAddress(order.address), left, undefined, { width: 300 });
  } else if (order.erasedAt) {
    // The customer's personal data was erased at their request; a B2C invoice keeps the place of supply
    // (docs/decisions: data rights and erasure).
    doc.font('Helvetica').text(`Consumer (details erased at the customer's request)`, left, undefined, { width: 300 });
    doc.text(`State: ${order.address.state}`, { width: 300 });
  } else {
    doc.font('Helvetica').text(formatAddress(order.address), left, undefined, { width: 300 });
    doc.text(`Phone: ${order.phone}  Email: ${order.email}`, { width: 300 });
  }
  if (spec.buyerGstin)
    doc.font('Helvetica-Bold').text(`Buyer GSTIN: ${spec.buyerGstin}`, { width: 300 }).font('Helvetica');

  // The table: one row per line, then the totals.
  const taxColumns: Column[] = spec.intraState
    ? [
        ['CGST', 55],
        ['SGST', 55],
      ]
    : [['IGST', 110]];
  const columns = [...spec.columnsBeforeTax, ...taxColumns, ...spec.columnsAfterTax];
  const taxCells = (t: Taxes) => (spec.intraState ? [formatPaise(t.cgst), formatPaise(t.sgst)] : [formatPaise(t.igst)]);
  let y = Math.max(doc.y + 16, headingBottom + 16, 230);
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    let x = left;
    let height = 0;
    cells.forEach((cell, i) => {
      const [, w] = columns[i];
      doc.text(cell, x + 2, y + 4, { width: w - 4, align: i <= 1 ? 'left' : 'right' });
      height = Math.max(height, doc.heightOfString(cell, { width: w - 4 }));
      x += w;
    });
    y += height + 8;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
  };
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  row(
    columns.map(([label]) => label),
    true,
  );
  for (const line of spec.rows) row([...line.before, ...taxCells(line.taxes), ...line.after]);
  row([...spec.total.before, ...taxCells(spec.total.taxes), ...spec.total.after], true);

  doc.font('Helvetica').fontSize(9);
  y += 10;
  spec.summary.forEach(([label, value], i) => {
    doc.font(i === spec.summary.length - 1 ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(`${label}: ${value}`, 330, y, { width: 225, align: 'right' });
    y = doc.y + 2;
  });
  doc.font('Helvetica').fontSize(8).fillColor('#333333');
  doc.text(spec.notes.join('\n'), left, y + 14, { width });
  doc.end();
  return done;
}
