// The delivery challan as a PDF, in the tax invoice's layout (gst-document-pdf.server.ts): the seller and
// place of supply of the original invoice, that invoice's number and date, why the goods travel, and per
// line the goods sent again with their value as invoiced and no tax. Made from the stored rows on request.
import { findDeliveryChallans, type DeliveryChallanRow } from './delivery-challans.server';
import { formatPaise } from './gst';
import {
  documentFileName,
  formatDate,
  orderLine,
  nthOrderDocumentPdf,
  type OrderRow,
  placeOfSupplyLine,
  renderGstDocument,
} from './gst-document-pdf.server';
import type { InvoiceRow } from './invoices.server';

/** The file name a shopper saves: delivery-challan-VDC-26-27-000001.pdf. */
export const deliveryChallanFileName = (challan: Pick<DeliveryChallanRow, 'challanNumber'>) =>
  documentFileName('delivery-challan', challan.challanNumber);

const NO_TAX = { cgst: 0, sgst: 0, igst: 0 };

export function renderDeliveryChallanPdf(
  challan: DeliveryChallanRow,
  invoice: InvoiceRow,
  order: OrderRow,
): Promise<Buffer> {
  return renderGstDocument({
    title: 'DELIVERY CHALLAN',
    infoTitle: `Delivery challan ${challan.challanNumber}`,
    seller: invoice.seller,
    order,
    buyerGstin: invoice.buyerGstin,
    intraState: invoice.intraState,
    numberLine: `Challan number: ${challan.challanNumber}`,
    headingLines: [
      `Challan date: ${formatDate(challan.issuedAt)}`,
      `Original invoice: ${invoice.invoiceNumber} of ${formatDate(invoice.issuedAt)}`,
      orderLine(order),
      placeOfSupplyLine(invoice.placeOfSupply),
      'Purpose: replacement of goods returned, free of charge',
    ],
    columnsBeforeTax: [
      ['#', 18],
      ['Description', 130],
      ['HSN/SAC', 55],
      ['Qty', 25],
      ['GST %', 35],
      ['Value', 75],
    ],
    columnsAfterTax: [['Charged', 62]],
    rows: challan.lines.map((line, i) => ({
      before: [
        String(i + 1),
        line.description,
        line.hsn,
        String(line.quantity),
        `${line.rate}%`,
        formatPaise(line.value),
      ],
      taxes: NO_TAX,
      after: ['0.00'],
    })),
    total: { before: ['', 'Total', '', '', '', formatPaise(challan.valuePaise)], taxes: NO_TAX, after: ['0.00'] },
    summary: [
      ['Value of goods (Rs.)', formatPaise(challan.valuePaise)],
      ['Amount charged (Rs.)', '0.00'],
    ],
    notes: [
      `Issued under rule 55 of the CGST Rules for goods sent in replacement of goods returned under invoice ${invoice.invoiceNumber}, free of charge: no consideration, so no tax is charged (CBIC circular 195/07/2023).`,
      'Each line is valued at its taxable value per unit on that invoice.',
      'This is a computer-generated delivery challan.',
    ],
  });
}

/** The order's `nth` delivery challan (1: the first issued) as a PDF, or null when it has none such. */
export const deliveryChallanPdfForOrder = (orderId: number, nth = 1) =>
  nthOrderDocumentPdf(
    orderId,
    nth,
    findDeliveryChallans,
    ({ challan }) => deliveryChallanFileName(challan),
    ({ challan, invoice }, order) => renderDeliveryChallanPdf(challan, invoice, order),
  );
