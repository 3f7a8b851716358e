// The store's identity on tax invoices, on a real database: in production configuration no invoice is
// issued under the placeholder GSTIN (the ship move is refused and changes nothing); the configured
// legal name and GSTIN go on the invoice; a buyer's GSTIN given at checkout is checked, kept on the
// order and printed on the invoice.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { cartWith } from '../../../tests/support/carts';
import { pdfText } from '../../../tests/support/pdf';
import { TEST_ADDRESS, placeTestOrder } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import { orderLineBatches, orders } from '../../db/schema';
import { resetEnv } from '../../server/config/env.server';
import { GSTIN_CHECK_MESSAGE } from '../../lib/gstin';
import { placeOrder } from '../checkout/checkout.server';
import { identityWarning } from '../layout/store-identity.server';
import { deskOrderDetail, moveOrder } from '../orders/order-desk.server';
import { invoicePdfForOrder } from './invoice-pdf.server';
import { PLACEHOLDER_GSTIN_REFUSAL } from './invoices.server';

const staff = { id: null, name: 'Desk Tester' };
const saved = { ...process.env };
const configure = (variables: Record<string, string>) => {
  Object.assign(process.env, variables);
  resetEnv();
};
afterEach(() => {
  for (const name of ['NODE_ENV', 'STORE_GSTIN', 'STORE_LEGAL_NAME', 'STORE_ADDRESS']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnv();
});

const ship = (number: string) =>
  moveOrder(staff, number, { move: 'ship', courier: 'Delhivery', trackingNumber: `DL-${number}` });

describe('the placeholder GSTIN in production', () => {
  it('issues no invoice: shipping is refused with what to set, and nothing changes', async () => {
    const number = await placeTestOrder('placeholder-gstin@example.in');
    expect(await moveOrder(staff, number, { move: 'confirm' })).toEqual({ ok: true });
    configure({ NODE_ENV: 'production' });
    expect(identityWarning()?.text).toMatch(/GSTIN \(STORE_GSTIN\).*No tax invoice can be issued/);

    expect(await ship(number)).toEqual({ ok: false, code: 'conflict', message: PLACEHOLDER_GSTIN_REFUSAL });
    const detail = (await deskOrderDetail(number))!;
    expect(detail.order.status).toBe('confirmed');
    expect(detail.invoice).toBeNull();
    expect(detail.history.map((h) => h.move)).toEqual(['place', 'confirm']);
    const db = await getDb();
    expect(await db.select().from(orderLineBatches)).toEqual([]);

    // The store's own registration set: the order ships and its invoice carries the configured seller.
    configure({
      NODE_ENV: 'production',
      STORE_GSTIN: '27AAPFU0939F1ZV',
      STORE_LEGAL_NAME: 'Sahyadri Herbals LLP',
      STORE_ADDRESS: '21 Baner Road, Pune, Maharashtra 411045, India',
    });
    expect(identityWarning()?.variables).not.toContain('STORE_GSTIN');
    expect(await ship(number)).toEqual({ ok: true });
    const invoice = (await deskOrderDetail(number))!.invoice!;
    expect(invoice.seller).toMatchObject({
      name: 'Sahyadri Herbals LLP',
      gstin: '27AAPFU0939F1ZV',
      state: 'Maharashtra',
    });
    expect(invoice.intraState).toBe(false); // shipped to Uttarakhand from Maharashtra: IGST
  });

  it('outside production the placeholder still invoices (development and tests), and no desk warning shows', async () => {
    configure({ NODE_ENV: 'development' });
    expect(identityWarning()).toBeNull();
    const number = await placeTestOrder('dev-gstin@example.in');
    expect(await moveOrder(staff, number, { move: 'confirm' })).toEqual({ ok: true });
    expect(await ship(number)).toEqual({ ok: true });
    expect((await deskOrderDetail(number))!.invoice?.seller.gstin).toBe('05AAAAA0000A1Z5');
  });
});

describe('a buyer’s GSTIN', () => {
  const order = async (gstin: string, email: string) =>
    placeOrder(
      {
        email,
        phone: '9876543210',
        address: TEST_ADDRESS,
        usePoints: false,
        expectedTotal: null,
        idempotencyKey: `gstin-key-${email.replace(/\W/g, '-')}-${Date.now()}`,
        gstin,
      },
      await cartWith([{ productId: 3, quantity: 1 }]),
      null,
    );

  it('is checked at checkout: a wrong check character is refused by field, nothing placed', async () => {
    const refused = await order('27AAPFU0939F1ZW', 'gstin-typo@example.in');
    expect(refused).toMatchObject({ ok: false, code: 'unprocessable', errors: { gstin: GSTIN_CHECK_MESSAGE } });
    const db = await getDb();
    expect(await db.select().from(orders).where(eq(orders.email, 'gstin-typo@example.in'))).toEqual([]);
  });

  it('is kept on the order and printed on the tax invoice', async () => {
    const placed = await order(' 27aapfu0939f1zv ', 'gstin-buyer@example.in');
    if (!placed.ok) throw new Error(placed.message);
    const detail = (await deskOrderDetail(placed.orderNumber))!;
    expect(detail.order.buyerGstin).toBe('27AAPFU0939F1ZV');
    expect(await moveOrder(staff, placed.orderNumber, { move: 'confirm' })).toEqual({ ok: true });
    expect(await ship(placed.orderNumber)).toEqual({ ok: true });
    const pdf = (await invoicePdfForOrder(detail.order.id))!;
    expect(pdf.invoice.buyerGstin).toBe('27AAPFU0939F1ZV');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Buyer GSTIN: 27AAPFU0939F1ZV');
    expect(text).toContain('GSTIN: 05AAAAA0000A1Z5'); // the seller's, as configured in tests

    // A consumer's order (no GSTIN) prints none.
    const consumer = await placeTestOrder('no-gstin@example.in');
    const consumerOrder = (await deskOrderDetail(consumer))!.order;
    expect(consumerOrder.buyerGstin).toBeNull();
  });
});
