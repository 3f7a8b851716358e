// The GST credit note as a PDF, in the tax invoice's layout (gst-document-pdf.server.ts): the seller
// and place of supply of the invoice it credits, that invoice's number and date, the reason, and per
// line the credited value split into taxable value and tax. Made from the stored rows on request.
import { formatPaise } from './gst';
import {
  documentFileName,
  formatDate,
  orderLine,
  nthOrderDocumentPdf,
  type OrderRow,
  placeOfSupplyLine,
  renderGstDocument,
  supplyNote,
  taxSummary,
} from './gst-document-pdf.server';
import { type CreditNoteRow, findCreditNotes } from './credit-notes.server';
import type { InvoiceRow } from './invoices.server';

/** The file name a shopper saves: credit-note-VCN-26-27-000001.pdf. */
export const creditNoteFileName = (creditNote: Pick<CreditNoteRow, 'creditNoteNumber'>) =>
  documentFileName('credit-note', creditNote.creditNoteNumber);

export function renderCreditNotePdf(creditNote: CreditNoteRow, invoice: InvoiceRow, order: OrderRow): Promise<Buffer> {
  const taxes = { cgst: creditNote.cgstPaise, sgst: creditNote.sgstPaise, igst: creditNote.igstPaise };
  return renderGstDocument({
    title: 'CREDIT NOTE',
    infoTitle: `Credit note ${creditNote.creditNoteNumber}`,
    seller: invoice.seller,
    order,
    buyerGstin: invoice.buyerGstin,
    intraState: invoice.intraState,
    numberLine: `Credit note number: ${creditNote.creditNoteNumber}`,
    headingLines: [
      `Credit note date: ${formatDate(creditNote.issuedAt)}`,
      `Original invoice: ${invoice.invoiceNumber} of ${formatDate(invoice.issuedAt)}`,
      orderLine(order),
      placeOfSupplyLine(invoice.placeOfSupply),
      `Reason: ${creditNote.reason}`,
    ],
    columnsBeforeTax: [
      ['#', 18],
      ['Description', 100],
      ['HSN/SAC', 50],
      ['Qty', 18],
      ['GST %', 32],
      ['Invoiced', 60],
      ['Taxable value', 62],
    ],
    columnsAfterTax: [['Credited', 65]],
    rows: creditNote.lines.map((line, i) => ({
      before: [
        String(i + 1),
        line.description,
        line.hsn,
        line.quantity == null ? '' : String(line.quantity),
        `${line.rate}%`,
        formatPaise(line.invoiceValue),
        formatPaise(line.taxable),
      ],
      taxes: line,
      after: [formatPaise(line.value)],
    })),
    total: {
      before: ['', 'Total', '', '', '', '', formatPaise(creditNote.taxablePaise)],
      taxes,
      after: [formatPaise(creditNote.totalPaise)],
    },
    summary: [
      ...taxSummary(invoice.intraState, creditNote.taxablePaise, taxes),
      ['Credit note total (Rs.)', formatPaise(creditNote.totalPaise)],
    ],
    notes: [
      supplyNote(invoice.intraState),
      `Issued under section 34 of the CGST Act against invoice ${invoice.invoiceNumber}: it reduces the taxable value and the tax of that invoice by the amounts above.`,
      'It credits the returned units of each line at what they cost after the order’s offer and points, as on the invoice; each line’s tax is rounded to the paisa as on the invoice, so the total equals the refund.',
      'This is a computer-generated credit note.',
    ],
  });
}

/** The order's `nth` credit note (1: the first issued) as a PDF, or null when it has none such. */
export const creditNotePdfForOrder = (orderId: number, nth = 1) =>
  nthOrderDocumentPdf(
    orderId,
    nth,
    findCreditNotes,
    ({ creditNote }) => creditNoteFileName(creditNote),
    ({ creditNote, invoice }, order) => renderCreditNotePdf(creditNote, invoice, order),
  );
