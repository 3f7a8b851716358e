import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apportion,
  creditNoteNumber,
  financialYear,
  formatPaise,
  gstinState,
  invoiceNumber,
  kitDescription,
  kitTax,
  splitCredit,
  splitTax,
} from './gst';

describe('financial year and invoice numbers', () => {
  it('runs April to March in India time', () => {
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYear(new Date('2026-03-31T23:59:00+05:30'))).toBe('2025-26');
    // 31 March 19:00 UTC is already 1 April in India.
    expect(financialYear(new Date('2027-03-31T19:00:00Z'))).toBe('2027-28');
  });

  it('numbers invoices within GST’s 16 characters', () => {
    expect(invoiceNumber('2026-27', 1)).toBe('VED/26-27/000001');
    expect(invoiceNumber('2026-27', 123456)).toHaveLength(16);
  });

  it('numbers credit notes in their own series, also within 16 characters', () => {
    expect(creditNoteNumber('2026-27', 1)).toBe('VCN/26-27/000001');
    expect(creditNoteNumber('2026-27', 999_999)).toHaveLength(16);
  });

  it('reads the state from a GSTIN', () => {
    expect(gstinState('05AAAAA0000A1Z5')).toBe('Uttarakhand');
    expect(gstinState('27AAAAA0000A1Z5')).toBe('Maharashtra');
    expect(gstinState('99AAAAA0000A1Z5')).toBeNull();
  });
});

describe('splitTax (prices include GST)', () => {
  const shilajit = {
    name: 'Himalayan Shilajit Resin',
    hsn: '30049011',
    rate: 5,
    quantity: 1,
    months: 1,
    lineTotal: 999,
  };
  const gummies = { name: 'Amla Vitamin C Gummies', hsn: '21069099', rate: 18, quantity: 2, months: 1, lineTotal: 998 };

  it('within the store’s state: equal CGST and SGST, taxable value the rest, total to the paisa', () => {
    const split = splitTax({ lines: [shilajit], subtotal: 999, shipping: 0, total: 999, intraState: true });
    // 999 × 2.5 / 105 = 23.785… → ₹23.79 each; taxable 999.00 − 47.58 = 951.42.
    expect(split.lines[0]).toMatchObject({ value: 99_900, cgst: 2379, sgst: 2379, igst: 0, taxable: 95_142 });
    expect(split).toMatchObject({ taxable: 95_142, cgst: 2379, sgst: 2379, igst: 0, total: 99_900 });
  });

  it('to another state: IGST only', () => {
    const split = splitTax({ lines: [shilajit], subtotal: 999, shipping: 0, total: 999, intraState: false });
    // 999 × 5 / 105 = 47.571… → ₹47.57; taxable 951.43.
    expect(split).toMatchObject({ taxable: 95_143, cgst: 0, sgst: 0, igst: 4757, total: 99_900 });
  });

  it('shares a discount over the lines by value and bills shipping at the highest rate', () => {
    // Subtotal 1997, ₹200 off, ₹50 shipping → 1847.
    const split = splitTax({
      lines: [shilajit, gummies],
      subtotal: 1997,
      shipping: 50,
      total: 1847,
      intraState: false,
    });
    expect(split.lines.map((l) => l.reduction)).toEqual([10_005, 9995, 0]);
    expect(split.lines[2]).toMatchObject({
      description: 'Shipping charges',
      hsn: '996812',
      rate: 18,
      value: 5000,
      igst: 763,
    });
    expect(split.total).toBe(184_700);
  });

  it('always adds up to the order total exactly, whatever the lines, rates, discounts and shipping', () => {
    const line = fc.record({
      rate: fc.constantFrom(0, 5, 12, 18, 28, 40),
      quantity: fc.integer({ min: 1, max: 9 }),
      months: fc.integer({ min: 1, max: 4 }),
      lineTotal: fc.integer({ min: 1, max: 200_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.constantFrom(0, 50),
        fc.boolean(),
        (raw, cut, shipping, intraState) => {
          const lines = raw.map((l, i) => ({ ...l, name: `P${i}`, hsn: '21069099' }));
          const subtotal = lines.reduce((s, l) => s + l.lineTotal, 0);
          const reduction = cut % (subtotal + 1);
          const total = subtotal - reduction + shipping;
          const split = splitTax({ lines, subtotal, shipping, total, intraState });
          expect(split.total).toBe(total * 100);
          expect(split.taxable + split.cgst + split.sgst + split.igst).toBe(total * 100);
          for (const l of split.lines) {
            expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.value);
            expect(l.cgst).toBe(l.sgst);
            expect(intraState ? l.igst : l.cgst).toBe(0);
            // The tax is the rate's share of the inclusive price, to within a paisa per component.
            expect(Math.abs(l.cgst + l.sgst + l.igst - (l.value * l.rate) / (100 + l.rate))).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });

  it('shares amounts out exactly', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(0, [5, 5])).toEqual([0, 0]);
  });

  it('prints paise as rupees with Indian grouping', () => {
    expect(formatPaise(123_456_789)).toBe('12,34,567.89');
    expect(formatPaise(5)).toBe('0.05');
  });
});

describe('splitCredit (returned lines against an invoice)', () => {
  const shilajit = {
    name: 'Himalayan Shilajit Resin',
    hsn: '30049011',
    rate: 5,
    quantity: 1,
    months: 1,
    lineTotal: 999,
  };
  const gummies = { name: 'Amla Vitamin C Gummies', hsn: '21069099', rate: 18, quantity: 2, months: 1, lineTotal: 998 };
  const invoiceOf = (split: ReturnType<typeof splitTax>, intraState: boolean) => ({ lines: split.lines, intraState });

  it('credits only the returned lines, each split into tax like the invoice', () => {
    // ₹1,847 invoice (two goods and shipping) to another state; one of the two gummies comes back.
    const invoice = invoiceOf(
      splitTax({ lines: [shilajit, gummies], subtotal: 1997, shipping: 50, total: 1847, intraState: false }),
      false,
    );
    const half = Math.floor(invoice.lines[1].value / 2);
    const credit = splitCredit(invoice, [
      { quantity: 0, value: 0 },
      { quantity: 1, value: half },
      { quantity: 0, value: 0 },
    ]);
    expect(credit.lines).toHaveLength(1);
    // Gummies invoiced at ₹898.05 after their share of the ₹200 off; one of two: ₹449.02, IGST 449.02 × 18 / 118 = ₹68.49.
    expect(credit.lines[0]).toMatchObject({
      description: 'Amla Vitamin C Gummies',
      quantity: 1,
      invoiceValue: 89_805,
      value: 44_902,
      igst: 6849,
      taxable: 38_053,
      cgst: 0,
      sgst: 0,
    });
    expect(credit.total).toBe(44_902);
  });

  it('reverses the invoice exactly when everything comes back', () => {
    const split = splitTax({ lines: [shilajit, gummies], subtotal: 1997, shipping: 50, total: 1847, intraState: true });
    const credit = splitCredit(
      invoiceOf(split, true),
      split.lines.map((l) => ({ quantity: l.quantity, value: l.value })),
    );
    expect(credit.lines.map(({ value, taxable, cgst, sgst, igst }) => ({ value, taxable, cgst, sgst, igst }))).toEqual(
      split.lines.map(({ value, taxable, cgst, sgst, igst }) => ({ value, taxable, cgst, sgst, igst })),
    );
  });

  it('refuses nothing and more than a line was invoiced', () => {
    const invoice = invoiceOf(
      splitTax({ lines: [shilajit], subtotal: 999, shipping: 0, total: 999, intraState: true }),
      true,
    );
    expect(() => splitCredit(invoice, [{ quantity: 1, value: 0 }])).toThrow();
    expect(() => splitCredit(invoice, [{ quantity: 1, value: 99_901 }])).toThrow();
  });

  it('always adds up to what is credited, and never credits a line more value or tax than its invoice line', () => {
    const line = fc.record({
      rate: fc.constantFrom(0, 5, 12, 18, 28, 40),
      quantity: fc.integer({ min: 1, max: 9 }),
      months: fc.integer({ min: 1, max: 4 }),
      lineTotal: fc.integer({ min: 1, max: 200_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.constantFrom(0, 50),
        fc.boolean(),
        fc.array(fc.nat(), { minLength: 7, maxLength: 7 }),
        (raw, cut, shipping, intraState, seeds) => {
          const lines = raw.map((l, i) => ({ ...l, name: `P${i}`, hsn: '21069099' }));
          const subtotal = lines.reduce((s, l) => s + l.lineTotal, 0);
          const total = subtotal - (cut % (subtotal + 1)) + shipping;
          const invoice = splitTax({ lines, subtotal, shipping, total, intraState });
          const credited = invoice.lines.map((l, i) => ({ quantity: 1, value: seeds[i] % (l.value + 1) }));
          fc.pre(credited.some((c) => c.value > 0));
          const credit = splitCredit(invoiceOf(invoice, intraState), credited);
          const sum = credited.reduce((s, c) => s + c.value, 0);
          expect(credit.total).toBe(sum);
          expect(credit.taxable + credit.cgst + credit.sgst + credit.igst).toBe(sum);
          for (const l of credit.lines) {
            const billed = invoice.lines.find((b) => b.description === l.description)!;
            expect(l.invoiceValue).toBe(billed.value);
            expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.value);
            expect(l.value).toBeLessThanOrEqual(billed.value);
            expect(l.cgst).toBe(l.sgst);
            expect(intraState ? l.igst : l.cgst).toBe(0);
            for (const key of ['taxable', 'cgst', 'sgst', 'igst'] as const)
              expect(l[key]).toBeLessThanOrEqual(billed[key]);
            expect(Math.abs(l.cgst + l.sgst + l.igst - (l.value * l.rate) / (100 + l.rate))).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });
});

describe('a kit’s tax (a mixed supply)', () => {
  it('is the highest rate among its contents, under that product’s HSN code; the first of equals', () => {
    expect(
      kitTax([
        { hsn: '30049011', rate: 5 },
        { hsn: '21069099', rate: 18 },
      ]),
    ).toEqual({ hsn: '21069099', rate: 18 });
    expect(
      kitTax([
        { hsn: '30049011', rate: 12 },
        { hsn: '21069099', rate: 12 },
      ]),
    ).toEqual({ hsn: '30049011', rate: 12 });
    expect(kitDescription('Stress & Sleep Kit', [{ name: 'Ashwagandha', quantity: 1 }])).toBe(
      'Stress & Sleep Kit: Ashwagandha × 1',
    );
  });
});
