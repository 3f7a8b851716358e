// The seller as printed on an invoice (kept with the invoice as it was when issued).
export interface InvoiceSeller { name: string; gstin: string; address: string; state: string; stateCode: string }
