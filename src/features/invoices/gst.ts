// GST on a tax invoice, pure: state codes, the financial year, the invoice number, and the split of
// tax-inclusive amounts into taxable value and CGST + SGST (within the store's state) or IGST (to
// another state). Money is in paise here; the order's rupees come in, nothing is re-priced.
import { kitContentsText } from '../../lib/kits';
import type { IndianStateOrUt } from '../../lib/india';
import { apportion, lineShares } from '../../lib/refund-allocation';

export { apportion };

/** GST state codes (the first two digits of a GSTIN). */
export const GST_STATE_CODES: Record<IndianStateOrUt, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The state a GSTIN is registered in (its first two digits), or null for an unknown code. */
export function gstinState(gstin: string): IndianStateOrUt | null {
  const code = gstin.slice(0, 2);
  return (Object.keys(GST_STATE_CODES) as IndianStateOrUt[]).find((state) => GST_STATE_CODES[state] === code) ?? null;
}

/** GST rates a product may carry (per cent). */
export const GST_RATES = [0, 5, 12, 18, 28, 40] as const;
/** HSN codes: 4, 6 or 8 digits. */
export const HSN_PATTERN = /^\d{4}(?:\d{2}){0,2}$/;
/** Courier and shipping charges billed with the goods: SAC 9968 (postal and courier services). */
export const SHIPPING_SAC = '996812';

const IST_OFFSET_MS = 330 * 60_000;

/** India's financial year (April to March) of an instant, as '2026-27'. */
export function financialYear(at: Date): string {
  const local = new Date(at.getTime() + IST_OFFSET_MS);
  const start = local.getUTCMonth() >= 3 ? local.getUTCFullYear() : local.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The invoice number: 'VED/26-27/000001'. GST rule 46 allows at most 16 characters, unique per
 * financial year; the series restarts at 1 each April.
 */
export function invoiceNumber(year: string, sequence: number): string {
  return `VED/${year.slice(2)}/${String(sequence).padStart(6, '0')}`;
}

/**
 * The credit note number: 'VCN/26-27/000001', its own gapless series per financial year. 'VED/CN/…'
 * would be 19 characters; GST document numbers allow 16, and the prefix keeps it apart from invoices.
 */
export function creditNoteNumber(year: string, sequence: number): string {
  return `VCN/${year.slice(2)}/${String(sequence).padStart(6, '0')}`;
}

/**
 * The delivery challan number: 'VDC/26-27/000001', the challans' own gapless series per financial year
 * (CGST Rules, rule 55: consecutive, unique per financial year, at most 16 characters).
 */
export function deliveryChallanNumber(year: string, sequence: number): string {
  return `VDC/${year.slice(2)}/${String(sequence).padStart(6, '0')}`;
}

/** A product's tax when the catalogue has none recorded: a food supplement (2106 90 99) at 18 %. */
export const DEFAULT_TAX = { hsn: '21069099', rate: 18 } as const;

/**
 * A kit's tax: several goods sold together for one price are a mixed supply, taxed at the rate of the
 * good with the highest rate (CGST Act 2017, section 8(b)), under that good's HSN code; of two at that
 * rate, the first (components in product order). docs/decisions/0102-regimen-kits.md.
 */
export function kitTax(components: readonly { hsn: string; rate: number }[]): { hsn: string; rate: number } {
  let chosen: { hsn: string; rate: number } = DEFAULT_TAX;
  for (const [i, c] of components.entries()) if (i === 0 || c.rate > chosen.rate) chosen = c;
  return { hsn: chosen.hsn, rate: chosen.rate };
}

/** A kit's line on the invoice names what is in it: 'Stress & Sleep Kit: Ashwagandha × 1, Melatonin × 1'. */
export const kitDescription = (name: string, parts: readonly { name: string; quantity: number }[]) =>
  `${name}: ${kitContentsText(parts)}`;

export interface InvoiceInputLine {
  name: string;
  hsn: string;
  rate: number;
  quantity: number;
  months: number;
  lineTotal: number;
}
export interface InvoiceInput {
  lines: InvoiceInputLine[];
  /** The order's stored figures, whole rupees. */
  subtotal: number;
  shipping: number;
  total: number;
  /** Within the store's state (CGST + SGST) or to another state (IGST). */
  intraState: boolean;
}

export interface TaxLine {
  description: string;
  hsn: string;
  rate: number;
  quantity: number;
  /** What the customer paid for the line, tax included, after its share of discounts and points (paise). */
  gross: number;
  reduction: number;
  value: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}
/** A line of a delivery challan: the goods sent again, valued as on the invoice, with no tax charged. */
export interface ChallanLine {
  description: string;
  hsn: string;
  /** The invoice's rate for the goods, printed for the record; the challan charges no tax. */
  rate: number;
  quantity: number;
  /** Their taxable value as invoiced, per unit times the units sent (paise). */
  value: number;
}
export interface TaxSplit {
  lines: TaxLine[];
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/** a·b/c rounded half up, in integers (no floating-point drift on paise). */
const mulDivRound = (a: number, b: number, c: number) => Math.floor((2 * a * b + c) / (2 * c));

function taxOn(value: number, rate: number, intraState: boolean) {
  if (intraState) {
    // CGST and SGST are each half the rate, rounded to the paisa; the taxable value takes the rest.
    const half = mulDivRound(value, rate, 2 * (100 + rate));
    return { taxable: value - 2 * half, cgst: half, sgst: half, igst: 0 };
  }
  const igst = mulDivRound(value, rate, 100 + rate);
  return { taxable: value - igst, cgst: 0, sgst: 0, igst };
}

/**
 * The invoice's lines and totals for an order. Prices include GST. The order's discount and reward
 * points (subtotal + shipping − total) reduce the goods in proportion to their value; shipping is
 * billed with the goods as one composite supply at the highest rate among them. Each line's tax is
 * rounded to the paisa and its taxable value is the rest, so the invoice total is the order total
 * to the paisa.
 */
export function splitTax(input: InvoiceInput): TaxSplit {
  // The lines' values are the refund rule's (lib/refund-allocation.ts), so credit notes match the invoice line for line.
  const shares = lineShares({
    ...input,
    pointsRedeemed: 0,
    lines: input.lines.map((l, id) => ({ id, quantity: l.quantity, lineTotal: l.lineTotal })),
  });
  const lines: TaxLine[] = input.lines.map((l, i) => {
    const { gross, reduction, value } = shares[i];
    return {
      description: l.months > 1 ? `${l.name} (${l.months}-month plan)` : l.name,
      hsn: l.hsn,
      rate: l.rate,
      quantity: l.quantity,
      gross,
      reduction,
      value,
      ...taxOn(value, l.rate, input.intraState),
    };
  });
  if (input.shipping > 0) {
    const rate = Math.max(0, ...input.lines.map((l) => l.rate));
    const value = input.shipping * 100;
    lines.push({
      description: 'Shipping charges',
      hsn: SHIPPING_SAC,
      rate,
      quantity: 1,
      gross: value,
      reduction: 0,
      value,
      ...taxOn(value, rate, input.intraState),
    });
  }
  const sum = (key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'value') => lines.reduce((s, l) => s + l[key], 0);
  return {
    lines,
    taxable: sum('taxable'),
    cgst: sum('cgst'),
    sgst: sum('sgst'),
    igst: sum('igst'),
    total: sum('value'),
  };
}

export interface CreditLine {
  description: string;
  hsn: string;
  rate: number;
  /** The line's value on the invoice, and the part of it credited (paise, tax included). */
  invoiceValue: number;
  value: number;
  /** Units credited (returned); absent on credit notes issued before returns were by line. */
  quantity?: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}
export interface CreditSplit {
  lines: CreditLine[];
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/**
 * A credit note's lines: `credited[i]` is the units and paise credited against invoice line i (the returned units' worth by
 * the refund rule, the shipping line only when the whole order came back). Each share is split into
 * taxable value and tax the way the invoice split its line, so the credit note adds up to the refund
 * to the paisa and no line credits more value or tax than it was invoiced. Lines credited nothing are left out.
 */
export function splitCredit(
  invoice: { lines: Pick<TaxLine, 'description' | 'hsn' | 'rate' | 'value' | 'quantity'>[]; intraState: boolean },
  credited: { quantity: number; value: number }[],
): CreditSplit {
  if (
    credited.length !== invoice.lines.length ||
    credited.some(({ value }, i) => !Number.isSafeInteger(value) || value < 0 || value > invoice.lines[i].value) ||
    !credited.some(({ value }) => value > 0)
  )
    throw new Error('A credit note credits more than nothing and at most each invoice line.');
  const lines: CreditLine[] = invoice.lines
    .map((l, i) => ({
      description: l.description,
      hsn: l.hsn,
      rate: l.rate,
      quantity: credited[i].quantity,
      invoiceValue: l.value,
      value: credited[i].value,
      ...taxOn(credited[i].value, l.rate, invoice.intraState),
    }))
    .filter((l) => l.value > 0);
  const sum = (key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'value') => lines.reduce((s, l) => s + l[key], 0);
  return {
    lines,
    taxable: sum('taxable'),
    cgst: sum('cgst'),
    sgst: sum('sgst'),
    igst: sum('igst'),
    total: sum('value'),
  };
}

/** Paise as rupees with two decimals, Indian grouping: 123456789 → '12,34,567.89'. */
export const formatPaise = (paise: number) =>
  `${paise < 0 ? '-' : ''}${Math.floor(Math.abs(paise) / 100).toLocaleString('en-IN')}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;
