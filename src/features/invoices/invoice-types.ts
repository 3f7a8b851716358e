// The seller as printed on an invoice (kept with the invoice as it was when issued).
export interface InvoiceSeller {
  name: string;
  gstin: string;
  address: string;
  state: string;
  stateCode: string;
}
/** An order's GST documents, as named in their download paths and mail attachments. */
export type OrderDocument = 'invoice' | 'credit-note' | 'delivery-challan';
