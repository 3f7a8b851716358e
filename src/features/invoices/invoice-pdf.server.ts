// The tax invoice as a PDF (pdfkit, docs/decisions: GST tax invoices), made from the stored invoice
// row and order whenever it is asked for: the bytes are never kept, the figures never recomputed.
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { getDb } from '../../db/client';
import { orders } from '../../db/schema';
import { formatAddress } from '../../lib/checkout';
import { formatPaise, GST_STATE_CODES } from './gst';
import { findInvoice, type InvoiceRow } from './invoices.server';
import type { IndianStateOrUt } from '../../lib/india';

type OrderRow = typeof orders.$inferSelect;

const formatDate = (at: Date) => at.toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** The file name a shopper saves: invoice-VED-26-27-000001.pdf. */
export const invoiceFileName = (invoice: Pick<InvoiceRow, 'invoiceNumber'>) => `invoice-${invoice.invoiceNumber.replaceAll('/', '-')}.pdf`;

export function renderInvoicePdf(invoice: InvoiceRow, order: OrderRow): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4', margin: 40,
    info: { Title: `Tax invoice ${invoice.invoiceNumber}`, Author: invoice.seller.name, Subject: `Order ${order.orderNumber}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 40;
  const width = 515;
  const { seller } = invoice;
  doc.font('Helvetica-Bold').fontSize(16).text('TAX INVOICE', left, 40, { width, align: 'center' });
  doc.moveDown(0.8);
  doc.fontSize(11).text(seller.name);
  doc.font('Helvetica').fontSize(9).text(seller.address);
  doc.text(`GSTIN: ${seller.gstin}`);
  doc.text(`State: ${seller.state} (code ${seller.stateCode})`);
  const top = 110;
  doc.font('Helvetica-Bold').text(`Invoice number: ${invoice.invoiceNumber}`, 330, top, { width: 225, align: 'right' });
  doc.font('Helvetica').text(`Invoice date: ${formatDate(invoice.issuedAt)}`, 330, undefined, { width: 225, align: 'right' });
  doc.text(`Order: ${order.orderNumber} of ${formatDate(order.createdAt)}`, 330, undefined, { width: 225, align: 'right' });
  const placeCode = GST_STATE_CODES[invoice.placeOfSupply as IndianStateOrUt] ?? '';
  doc.text(`Place of supply: ${invoice.placeOfSupply}${placeCode ? ` (${placeCode})` : ''}`, 330, undefined, { width: 225, align: 'right' });

  doc.font('Helvetica-Bold').text('Bill to / Ship to', left, 170);
  doc.font('Helvetica').text(formatAddress(order.address), left, undefined, { width: 300 });
  doc.text(`Phone: ${order.phone}  Email: ${order.email}`, { width: 300 });

  // The table: one row per line, then the totals.
  const columns = invoice.intraState
    ? [['#', 18], ['Description', 150], ['HSN/SAC', 50], ['Qty', 28], ['GST %', 32], ['Taxable value', 62], ['CGST', 55], ['SGST', 55], ['Amount', 65]] as const
    : [['#', 18], ['Description', 150], ['HSN/SAC', 50], ['Qty', 28], ['GST %', 32], ['Taxable value', 62], ['IGST', 110], ['Amount', 65]] as const;
  let y = Math.max(doc.y + 16, 230);
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    let x = left;
    let height = 0;
    cells.forEach((cell, i) => {
      const [, w] = columns[i];
      const align = i === 1 ? 'left' : i === 0 ? 'left' : 'right';
      doc.text(cell, x + 2, y + 4, { width: w - 4, align });
      height = Math.max(height, doc.heightOfString(cell, { width: w - 4 }));
      x += w;
    });
    y += height + 8;
    doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor('#999999').stroke();
  };
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor('#999999').stroke();
  row(columns.map(([label]) => label), true);
  invoice.lines.forEach((line, i) => {
    const taxes = invoice.intraState ? [formatPaise(line.cgst), formatPaise(line.sgst)] : [formatPaise(line.igst)];
    const description = line.reduction > 0 ? `${line.description} (price ${formatPaise(line.gross)} less discount ${formatPaise(line.reduction)})` : line.description;
    row([String(i + 1), description, line.hsn, String(line.quantity), `${line.rate}%`, formatPaise(line.taxable), ...taxes, formatPaise(line.value)]);
  });
  const totalTaxes = invoice.intraState ? [formatPaise(invoice.cgstPaise), formatPaise(invoice.sgstPaise)] : [formatPaise(invoice.igstPaise)];
  row(['', 'Total', '', '', '', formatPaise(invoice.taxablePaise), ...totalTaxes, formatPaise(invoice.totalPaise)], true);

  doc.font('Helvetica').fontSize(9);
  const summary: [string, string][] = [
    ['Taxable value', formatPaise(invoice.taxablePaise)],
    ...(invoice.intraState
      ? [['CGST', formatPaise(invoice.cgstPaise)], ['SGST', formatPaise(invoice.sgstPaise)]] as [string, string][]
      : [['IGST', formatPaise(invoice.igstPaise)]] as [string, string][]),
    ['Invoice total (Rs.)', formatPaise(invoice.totalPaise)],
  ];
  y += 10;
  for (const [label, value] of summary) {
    doc.font(label.startsWith('Invoice total') ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(`${label}: ${value}`, 330, y, { width: 225, align: 'right' });
    y = doc.y + 2;
  }
  doc.font('Helvetica').fontSize(8).fillColor('#333333');
  doc.text([
    `${invoice.intraState ? 'Intra-state supply: CGST and SGST' : 'Inter-state supply: IGST'}. Prices include GST; amounts in Indian rupees.`,
    'Each line’s tax is rounded to the paisa and its taxable value is the amount paid less that tax, so the invoice total equals the order total.',
    'Discounts and reward points reduce the goods in proportion to their value; shipping is billed with the goods at their highest rate.',
    `Payment: ${order.paymentMethod === 'cod' ? 'cash on delivery' : order.paymentMethod}. Tax payable under reverse charge: No. This is a computer-generated invoice.`,
  ].join('\n'), left, y + 14, { width });
  doc.end();
  return done;
}

/** The invoice PDF of an order that has one, or null. */
export async function invoicePdfForOrder(orderId: number): Promise<{ filename: string; bytes: Buffer; invoice: InvoiceRow } | null> {
  const invoice = await findInvoice(orderId);
  if (!invoice) return null;
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return { filename: invoiceFileName(invoice), bytes: await renderInvoicePdf(invoice, order), invoice };
}
