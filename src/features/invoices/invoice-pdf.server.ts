// The tax invoice as a PDF (pdfkit, docs/decisions: GST tax invoices), made from the stored invoice
// row and order whenever it is asked for: the bytes are never kept, the figures never recomputed.
import { formatPaise } from './gst';
import {
  documentFileName,
  formatDate,
  orderLine,
  orderRow,
  type OrderRow,
  placeOfSupplyLine,
  renderGstDocument,
  supplyNote,
  taxSummary,
} from './gst-document-pdf.server';
import { findInvoice, type InvoiceRow } from './invoices.server';

/** The file name a shopper saves: invoice-VED-26-27-000001.pdf. */
export const invoiceFileName = (invoice: Pick<InvoiceRow, 'invoiceNumber'>) =>
  documentFileName('invoice', invoice.invoiceNumber);

export function renderInvoicePdf(invoice: InvoiceRow, order: OrderRow): Promise<Buffer> {
  return renderGstDocument({
    title: 'TAX INVOICE',
    infoTitle: `Tax invoice ${invoice.invoiceNumber}`,
    seller: invoice.seller,
    order,
    buyerGstin: invoice.buyerGstin,
    intraState: invoice.intraState,
    numberLine: `Invoice number: ${invoice.invoiceNumber}`,
    headingLines: [
      `Invoice date: ${formatDate(invoice.issuedAt)}`,
      orderLine(order),
      placeOfSupplyLine(invoice.placeOfSupply),
    ],
    columnsBeforeTax: [
      ['#', 18],
      ['Description', 150],
      ['HSN/SAC', 50],
      ['Qty', 28],
      ['GST %', 32],
      ['Taxable value', 62],
    ],
    columnsAfterTax: [['Amount', 65]],
    rows: invoice.lines.map((line, i) => ({
      before: [
        String(i + 1),
        line.reduction > 0
          ? `${line.description} (price ${formatPaise(line.gross)} less discount ${formatPaise(line.reduction)})`
          : line.description,
        line.hsn,
        String(line.quantity),
        `${line.rate}%`,
        formatPaise(line.taxable),
      ],
      taxes: line,
      after: [formatPaise(line.value)],
    })),
    total: {
      before: ['', 'Total', '', '', '', formatPaise(invoice.taxablePaise)],
      taxes: { cgst: invoice.cgstPaise, sgst: invoice.sgstPaise, igst: invoice.igstPaise },
      after: [formatPaise(invoice.totalPaise)],
    },
    summary: [
      ...taxSummary(invoice.intraState, invoice.taxablePaise, {
        cgst: invoice.cgstPaise,
        sgst: invoice.sgstPaise,
        igst: invoice.igstPaise,
      }),
      ['Invoice total (Rs.)', formatPaise(invoice.totalPaise)],
    ],
    notes: [
      supplyNote(invoice.intraState),
      'Each line’s tax is rounded to the paisa and its taxable value is the amount paid less that tax, so the invoice total equals the order total.',
      'Discounts and reward points reduce the goods in proportion to their value; shipping is billed with the goods at their highest rate.',
      `Payment: ${order.paymentMethod === 'cod' ? 'cash on delivery' : order.paymentMethod}. Tax payable under reverse charge: No. This is a computer-generated invoice.`,
    ],
  });
}

/** The invoice PDF of an order that has one, or null. */
export async function invoicePdfForOrder(
  orderId: number,
): Promise<{ filename: string; bytes: Buffer; invoice: InvoiceRow } | null> {
  const invoice = await findInvoice(orderId);
  if (!invoice) return null;
  return {
    filename: invoiceFileName(invoice),
    bytes: await renderInvoicePdf(invoice, await orderRow(orderId)),
    invoice,
  };
}
