// Stock per batch on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the ship move
// takes the first-expiring batch within the shelf-life line or the staff's choice, refuses a batch
// below the line (changing nothing), and the sellable total and the batches always agree.
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dayFromToday, FIRST_BATCH } from '../../../tests/support/batches';
import { cartWith } from '../../../tests/support/carts';
import { COMPLETE_DECLARATIONS } from '../../../tests/support/declarations';
import { placeTestOrder, TEST_ADDRESS } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import { invoices, orderLineBatches, orderLines, orders, productStock, stockBatches } from '../../db/schema';
import { createProduct } from '../catalog-desk/products.server';
import { placeOrder } from '../checkout/checkout.server';
import { deskOrderDetail, moveOrder } from '../orders/order-desk.server';
import { addDays } from '../../lib/shelf-life';
import { loadProductPage } from '../catalog/product.server';
import {
  BATCH_MESSAGES,
  nearExpiryReport,
  productBatches,
  receiveBatch,
  stockBalance,
  takeExpiredOffSale,
} from './batches.server';

const staff = { id: null, name: 'Desk Tester' };
let keys = 0;

async function newProduct(slug: string, firstPacks: number) {
  const form = new FormData();
  const values: Record<string, string> = {
    name: slug.replace(/-/g, ' '),
    slug,
    price: '500',
    categories: 'MIND_MOOD',
    stock: String(firstPacks),
    ...FIRST_BATCH,
    ...COMPLETE_DECLARATIONS,
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  const made = await createProduct(form);
  if (!made.ok) throw new Error(JSON.stringify(made));
  return made.id;
}

/** A batch the desk would refuse today (too close to expiry): packs of an older delivery, put straight in. */
async function staleBatch(productId: number, batchNumber: string, packs: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(stockBatches)
      .values({
        productId,
        batchNumber,
        manufacturedOn: dayFromToday(-680),
        expiresOn: dayFromToday(50), // two years' shelf life, 50 days left: below the line
        received: packs,
        remaining: packs,
      })
      .returning();
    const [stock] = await tx.select().from(productStock).where(eq(productStock.productId, productId));
    await tx
      .update(productStock)
      .set({ quantity: stock.quantity + packs })
      .where(eq(productStock.productId, productId));
    return made;
  });
  return (await productBatches(productId)).find((b) => b.batchNumber === batchNumber)!;
}

async function orderOf(productId: number, quantity: number) {
  const cart = await cartWith([{ productId, quantity }]);
  const placed = await placeOrder(
    {
      email: `batches-${++keys}@example.in`,
      phone: '9876543210',
      address: TEST_ADDRESS,
      usePoints: false,
      expectedTotal: null,
      idempotencyKey: `batch-order-key-${keys}-${Date.now()}`,
    },
    cart,
    null,
  );
  if (!placed.ok) throw new Error(placed.message);
  expect(await moveOrder(staff, placed.orderNumber, { move: 'confirm' })).toEqual({ ok: true });
  return placed.orderNumber;
}

const ship = (orderNumber: string, batches?: Record<number, number>) =>
  moveOrder(staff, orderNumber, { move: 'ship', courier: 'Delhivery', trackingNumber: `DL-${orderNumber}`, batches });

async function shippedFrom(orderNumber: string) {
  const db = await getDb();
  return db
    .select({ batch: stockBatches.batchNumber, packs: orderLineBatches.packs })
    .from(orderLineBatches)
    .innerJoin(orderLines, eq(orderLines.id, orderLineBatches.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(stockBatches, eq(stockBatches.id, orderLineBatches.batchId))
    .where(eq(orders.orderNumber, orderNumber))
    .orderBy(asc(stockBatches.expiresOn));
}

const balanced = async (productId: number) => {
  const balance = await stockBalance(await getDb(), productId);
  expect(balance.inBatches).toBe(balance.sellable + balance.awaitingShipment);
  return balance;
};

describe('shipping by batch', () => {
  it('refuses to ship a batch below the shelf-life line, changing nothing: no shipment, no invoice, no packs taken', async () => {
    const productId = await newProduct('stale-shatavari', 5);
    const stale = await staleBatch(productId, 'SS-2501', 4);
    expect(stale.state).toBe('past_line');
    const number = await orderOf(productId, 2);

    expect(await ship(number, { [productId]: stale.id })).toEqual({
      ok: false,
      code: 'conflict',
      message: BATCH_MESSAGES.shipBelowLine('SS-2501', 'stale shatavari'),
    });
    const detail = (await deskOrderDetail(number))!;
    expect(detail.order.status).toBe('confirmed');
    expect(detail.invoice).toBeNull();
    expect(await shippedFrom(number)).toEqual([]);
    expect((await productBatches(productId)).map((b) => [b.batchNumber, b.remaining])).toEqual([
      ['SS-2501', 4],
      ['TEST-2611', 5],
    ]);
    await balanced(productId);

    // The same order with the fresh batch chosen ships from it.
    const fresh = (await productBatches(productId)).find((b) => b.batchNumber === 'TEST-2611')!;
    expect(await ship(number, { [productId]: fresh.id })).toEqual({ ok: true });
    expect(await shippedFrom(number)).toEqual([{ batch: 'TEST-2611', packs: 2 }]);
    expect(await balanced(productId)).toEqual({ sellable: 7, inBatches: 7, awaitingShipment: 0 });
  });

  it('picks first-expiring eligible batches (FEFO): skips the one below the line, splits an order across two', async () => {
    const productId = await newProduct('fefo-tulsi', 2); // TEST-2611 expires in 700 days
    await staleBatch(productId, 'FT-2501', 10); // expires first, but below the line
    expect(
      await receiveBatch(productId, {
        batchNumber: 'FT-2604',
        manufacturedOn: dayFromToday(-200),
        expiresOn: dayFromToday(400),
        packs: '3',
      }),
    ).toMatchObject({ ok: true });
    // 4 packs: the 3 of FT-2604 (expires in 400 days), then 1 of TEST-2611; never the stale FT-2501.
    const number = await orderOf(productId, 4);
    expect(await ship(number)).toEqual({ ok: true });
    expect(await shippedFrom(number)).toEqual([
      { batch: 'FT-2604', packs: 3 },
      { batch: 'TEST-2611', packs: 1 },
    ]);
    expect((await productBatches(productId)).map((b) => [b.batchNumber, b.remaining])).toEqual([
      ['FT-2501', 10],
      ['TEST-2611', 1],
    ]);
    await balanced(productId);

    // The desk shows where the packs went; the report lists the stale batch to remove.
    const detail = (await deskOrderDetail(number))!;
    expect(detail.shippedFrom.map((b) => `${b.batchNumber} × ${b.packs}`)).toEqual(['FT-2604 × 3', 'TEST-2611 × 1']);
    const report = await nearExpiryReport();
    expect(report.find((b) => b.batchNumber === 'FT-2501')).toMatchObject({ state: 'past_line', remaining: 10 });
    expect(report.some((b) => b.batchNumber === 'TEST-2611' && b.productId === productId)).toBe(false);
  });

  it('refuses when the eligible batches hold too few packs, or the chosen batch does', async () => {
    const productId = await newProduct('short-giloy', 1);
    await staleBatch(productId, 'SG-2501', 5);
    const number = await orderOf(productId, 3);
    expect(await ship(number)).toEqual({
      ok: false,
      code: 'conflict',
      message: BATCH_MESSAGES.shipShort('short giloy', 3, 1),
    });
    const [fresh] = (await productBatches(productId)).filter((b) => b.batchNumber === 'TEST-2611');
    expect(await ship(number, { [productId]: fresh.id })).toEqual({
      ok: false,
      code: 'conflict',
      message: BATCH_MESSAGES.shipTooFew('TEST-2611', 'short giloy', 3, 1),
    });
    expect(await ship(number, { [productId]: 999_999 })).toEqual({
      ok: false,
      code: 'conflict',
      message: `short giloy: ${BATCH_MESSAGES.noBatch}`,
    });
    expect((await deskOrderDetail(number))!.order.status).toBe('confirmed');
    await balanced(productId);
  });

  it('seed products ship from their seeded batches, older first, and an order cancelled before shipping keeps the counts agreeing', async () => {
    const before = await balanced(2);
    expect(before.inBatches).toBeGreaterThan(0);
    const seeded = await productBatches(2);
    expect(seeded).toHaveLength(2);
    expect(seeded.every((b) => b.state !== 'past_line' && b.state !== 'undated')).toBe(true);
    const number = await placeTestOrder('seed-batches@example.in');
    await balanced(2);
    expect(await moveOrder(staff, number, { move: 'confirm' })).toEqual({ ok: true });
    expect(await ship(number)).toEqual({ ok: true });
    expect(await shippedFrom(number)).toEqual([{ batch: seeded[0].batchNumber, packs: 1 }]);
    const cancelled = await placeTestOrder('seed-cancel@example.in');
    expect(await moveOrder(staff, cancelled, { move: 'cancel_by_staff', note: 'Out of area' })).toEqual({ ok: true });
    expect(await balanced(2)).toMatchObject({ inBatches: before.inBatches - 1, awaitingShipment: 0 });
    const db = await getDb();
    const shippedIds = (
      await db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.orderNumber, [number, cancelled]))
    ).map((o) => o.id);
    expect(await db.select().from(invoices).where(inArray(invoices.orderId, shippedIds))).toHaveLength(1);
  });
});

describe('the nightly sweep of packs past the shelf-life line (fake clock)', () => {
  const dayAt = (iso: string) => new Date(`${iso}T12:00:00+05:30`);

  it('takes them off sale when the line passes, once; promised packs stay; every batch past it: sold out', async () => {
    const productId = await newProduct('sweep-brahmi', 6); // TEST-2611: made 30 days ago, expires in 700
    expect(
      await receiveBatch(productId, {
        batchNumber: 'SB-2604',
        manufacturedOn: dayFromToday(-200),
        expiresOn: dayFromToday(400),
        packs: '5',
      }),
    ).toMatchObject({ ok: true });
    const number = await orderOf(productId, 2); // 2 packs promised, not yet shipped
    const line = (batch: string) => productBatches(productId).then((all) => all.find((b) => b.batchNumber === batch)!);
    const olderLast = (await line('SB-2604')).lastShipDay!;
    const fresherLast = (await line('TEST-2611')).lastShipDay!;
    const sellable = async () => (await balanced(productId)).sellable;
    expect(await sellable()).toBe(9);

    // On SB-2604's last day to ship, nothing changes.
    await takeExpiredOffSale(dayAt(olderLast));
    expect(await sellable()).toBe(9);

    // The day after: its 5 packs leave the sellable total and are counted off sale; a second run does nothing.
    const after = dayAt(addDays(olderLast, 1));
    expect((await takeExpiredOffSale(after)).filter((t) => t.productId === productId)).toEqual([
      { productId, packs: 5 },
    ]);
    expect((await takeExpiredOffSale(after)).filter((t) => t.productId === productId)).toEqual([]);
    expect(await sellable()).toBe(4);
    const db = await getDb();
    const batchRow = async (batch: string) =>
      (await db.select().from(stockBatches).where(eq(stockBatches.productId, productId))).find(
        (b) => b.batchNumber === batch,
      );
    const older = await batchRow('SB-2604');
    expect(older).toMatchObject({ remaining: 0, offSale: 5 });
    expect((await loadProductPage(productId))!.product.stock).toBe(4);

    // Past the fresher batch's line too: nothing is left to sell (sold out); the 2 promised packs stay in
    // their batch for the desk to resolve, and the counts still agree.
    await takeExpiredOffSale(dayAt(addDays(fresherLast, 1)));
    expect(await balanced(productId)).toEqual({ sellable: 0, inBatches: 2, awaitingShipment: 2 });
    expect((await loadProductPage(productId))!.product.stock).toBe(0);
    expect(await batchRow('TEST-2611')).toMatchObject({ remaining: 2, offSale: 4 });
    expect((await deskOrderDetail(number))!.order.status).toBe('confirmed');
  });
});
