// GST tax invoices on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): issued when an
// order ships, numbered without gaps or repeats under concurrent orders, split into CGST + SGST or
// IGST by place of supply, summing to the order total, and attached to the delivery mail.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartWith } from '../../../tests/support/carts';
import { placeTestOrder } from '../../../tests/support/orders';
import { dataDir, getDb } from '../../db/client';
import { emailOutbox, invoices, orders, products } from '../../db/schema';
import { placeOrder } from '../checkout/checkout.server';
import { processOutbox } from '../../server/mail/outbox.server';
import { moveOrder } from '../orders/order-desk.server';
import { financialYear, invoiceNumber } from './gst';
import { issueInvoice } from './invoices.server';
// As the middleware does for the server: order mail attaches the invoice and credit-note PDFs.
import './mail-attachments.server';

const staff = { id: null, name: 'Desk Tester' };

async function ship(orderNumber: string, now = new Date()) {
  expect(await moveOrder(staff, orderNumber, { move: 'confirm' }, now)).toEqual({ ok: true });
  expect(
    await moveOrder(
      staff,
      orderNumber,
      { move: 'ship', courier: 'Delhivery', trackingNumber: `DL${orderNumber}` },
      now,
    ),
  ).toEqual({ ok: true });
}

async function invoiceOf(orderNumber: string) {
  const db = await getDb();
  const [row] = await db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(orders.orderNumber, orderNumber));
  return row?.invoice ?? null;
}

describe('invoice numbers', () => {
  it('give 20 orders shipped at once the numbers 1 to 20 of the year, no gap, no repeat', async () => {
    const numbers = [];
    for (let i = 0; i < 20; i++) numbers.push(await placeTestOrder(`series.${i}@example.in`));
    for (const n of numbers) expect(await moveOrder(staff, n, { move: 'confirm' })).toEqual({ ok: true });
    expect(await invoiceOf(numbers[0])).toBeNull(); // not before the goods leave

    const results = await Promise.all(
      numbers.map((n) => moveOrder(staff, n, { move: 'ship', courier: 'Delhivery', trackingNumber: `DL-${n}` })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const db = await getDb();
    const rows = await db.select().from(invoices).orderBy(asc(invoices.sequence));
    const year = financialYear(new Date());
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rows.map((r) => r.invoiceNumber)).toEqual(Array.from({ length: 20 }, (_, i) => invoiceNumber(year, i + 1)));
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(20);

    // Delivering keeps the invoice it has (one per order); which order got which number is the race's.
    const shipped = (await invoiceOf(numbers[0]))!;
    expect(await moveOrder(staff, numbers[0], { move: 'deliver' })).toEqual({ ok: true });
    expect(await invoiceOf(numbers[0])).toEqual(shipped);
    expect(await db.select().from(invoices)).toHaveLength(20);
  });

  it('gives a number back when the step that took it rolls back', async () => {
    const first = await placeTestOrder('rollback.a@example.in');
    const second = await placeTestOrder('rollback.b@example.in');
    const db = await getDb();
    const [a] = await db.select().from(orders).where(eq(orders.orderNumber, first));
    const before = (await db.select().from(invoices)).length;
    await expect(
      db.transaction(async (tx) => {
        await issueInvoice(tx, a.id, new Date());
        throw new Error('the shipment failed');
      }),
    ).rejects.toThrow('the shipment failed');
    await ship(second);
    expect((await invoiceOf(second))!.sequence).toBe(before + 1);
    await ship(first);
    expect((await invoiceOf(first))!.sequence).toBe(before + 2);
  });

  it('are unique in the database itself', async () => {
    const db = await getDb();
    const [taken] = await db.select().from(invoices).limit(1);
    const order = await placeTestOrder('duplicate@example.in');
    const [row] = await db.select().from(orders).where(eq(orders.orderNumber, order));
    await expect(db.insert(invoices).values({ ...taken, id: undefined, orderId: row.id })).rejects.toThrow();
  });
});

describe('the tax split', () => {
  it('within Uttarakhand (the store’s state): CGST + SGST at the product’s rate, summing to the order total', async () => {
    const number = await placeTestOrder('intra@example.in', null, 1); // Shilajit resin: HSN 30049011, 5 %
    await ship(number);
    const db = await getDb();
    const [order] = await db.select().from(orders).where(eq(orders.orderNumber, number));
    const invoice = (await invoiceOf(number))!;
    expect(invoice).toMatchObject({
      intraState: true,
      placeOfSupply: 'Uttarakhand',
      igstPaise: 0,
      totalPaise: order.total * 100,
    });
    expect(invoice.seller).toMatchObject({ gstin: '05AAAAA0000A1Z5', state: 'Uttarakhand', stateCode: '05' });
    expect(invoice.lines[0]).toMatchObject({ hsn: '30049011', rate: 5 });
    expect(invoice.cgstPaise).toBe(invoice.sgstPaise);
    expect(invoice.taxablePaise + invoice.cgstPaise + invoice.sgstPaise).toBe(order.total * 100);
  });

  it('to Maharashtra: IGST only; a discount and shipping still sum exactly', async () => {
    // Gummies and the resin with save10: the invoice reads the order's stored figures.
    const cart = await cartWith(
      [
        { productId: 14, quantity: 1 },
        { productId: 1, quantity: 1 },
      ],
      null,
      'save10',
    );
    const result = await placeOrder(
      {
        email: 'inter@example.in',
        phone: '9876543210',
        usePoints: false,
        expectedTotal: null,
        idempotencyKey: `inter-state-key-${Date.now()}`,
        address: {
          name: 'Asha Rao',
          line1: '12 Marine Drive',
          line2: '',
          city: 'Mumbai',
          state: 'Maharashtra',
          pin: '400001',
        },
      },
      cart,
      null,
    );
    if (!result.ok) throw new Error(result.message);
    await ship(result.orderNumber);
    const db = await getDb();
    const [order] = await db.select().from(orders).where(eq(orders.orderNumber, result.orderNumber));
    expect(order.discount).toBeGreaterThan(0);
    const invoice = (await invoiceOf(result.orderNumber))!;
    const [gummies] = await db.select().from(products).where(eq(products.id, 14));
    expect(invoice).toMatchObject({
      intraState: false,
      placeOfSupply: 'Maharashtra',
      cgstPaise: 0,
      sgstPaise: 0,
      totalPaise: order.total * 100,
    });
    expect(invoice.lines.map((l) => [l.hsn, l.rate])).toEqual(
      expect.arrayContaining([
        [gummies.hsnCode, gummies.gstRate],
        ['30049011', 5],
      ]),
    );
    expect(invoice.lines.reduce((s, l) => s + l.reduction, 0)).toBe(
      (order.subtotal + order.shipping - order.total) * 100,
    );
    expect(invoice.taxablePaise + invoice.igstPaise).toBe(order.total * 100);
  });
});

describe('the delivery mail', () => {
  it('carries the invoice PDF, made when the mail is sent', async () => {
    const number = await placeTestOrder('delivered@example.in');
    await ship(number);
    expect(await moveOrder(staff, number, { move: 'deliver' })).toEqual({ ok: true });
    const db = await getDb();
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'order_delivered'), eq(emailOutbox.toAddress, 'delivered@example.in')));
    const invoice = (await invoiceOf(number))!;
    expect(mail.attachments).toEqual([{ kind: 'invoice', orderId: invoice.orderId }]);
    await processOutbox({ limit: 500 });
    const dir = path.join(dataDir(), 'mail');
    const file = readdirSync(dir).find((f) => f.startsWith(String(mail.id).padStart(6, '0')));
    const eml = readFileSync(path.join(dir, file!), 'utf8');
    expect(eml).toContain('Content-Type: application/pdf');
    expect(eml).toContain(`invoice-${invoice.invoiceNumber.replaceAll('/', '-')}.pdf`);
  });
});
