// Regimen kits on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a kit sells as many as
// its components allow; buying one takes its components' packs in the order's transaction (and their
// batches when it ships); two shoppers after the last packs: one wins; cancelling gives the packs back;
// the invoice has one kit line at its highest component rate; the desk refuses a kit in a kit.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FIRST_BATCH } from '../../../tests/support/batches';
import { cartWith, type TestLine } from '../../../tests/support/carts';
import { COMPLETE_DECLARATIONS } from '../../../tests/support/declarations';
import { TEST_ADDRESS } from '../../../tests/support/orders';
import { getDb, listen } from '../../db/client';
import { orderLineComponents, orders, products, productStock } from '../../db/schema';
import { KIT_MESSAGES } from '../../lib/kits';
import { getBoughtTogether, getProductById } from '../catalog/catalog.server';
import { saveKitContents } from '../catalog-desk/kits.server';
import { archiveProduct, createProduct, updateProduct } from '../catalog-desk/products.server';
import { placeOrder } from '../checkout/checkout.server';
import { deskOrderDetail, moveOrder } from '../orders/order-desk.server';
import { CATALOG_CHANNEL } from '../catalog/catalogue-changes.server';
import { BATCH_MESSAGES, productBatches, receiveBatch, removeBatchPacks, stockBalance } from './batches.server';

const staff = { id: null, name: 'Desk Tester' };
let keys = 0;

async function newProduct(slug: string, packs: number, gstRate = '18', hsnCode = '21069099') {
  const form = new FormData();
  const values: Record<string, string> = {
    name: slug.replace(/-/g, ' '),
    slug,
    price: '500',
    categories: 'MIND_MOOD',
    stock: String(packs),
    gstRate,
    hsnCode,
    ...(packs ? FIRST_BATCH : {}),
    ...COMPLETE_DECLARATIONS,
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  const made = await createProduct(form);
  if (!made.ok) throw new Error(JSON.stringify(made));
  return made.id;
}

const kitForm = (rows: [number, number][]) => {
  const form = new FormData();
  rows.forEach(([id, quantity], i) => {
    form.append(`component-${i + 1}`, String(id));
    form.append(`quantity-${i + 1}`, String(quantity));
  });
  return form;
};

/** A kit of 2 packs of A (7 on sale, 5 % GST, Ayurvedic) and 1 of B (10 on sale, 18 %). */
async function newKit(name: string) {
  const a = await newProduct(`${name}-ashwa`, 7, '5', '30049011');
  const b = await newProduct(`${name}-sleep`, 10, '18', '21069099');
  const kit = await newProduct(`${name}-kit`, 0, '5');
  expect(
    await saveKitContents(
      kit,
      kitForm([
        [a, 2],
        [b, 1],
      ]),
    ),
  ).toEqual({ ok: true });
  return { a, b, kit };
}

const onSale = async (id: number) => (await getProductById(id))!.stock;
const sellable = async (id: number) => {
  const db = await getDb();
  const [row] = await db.select().from(productStock).where(eq(productStock.productId, id));
  return row.quantity;
};

async function order(lines: TestLine[], email = `kits-${++keys}@example.in`) {
  return placeOrder(
    {
      email,
      phone: '9876543210',
      address: TEST_ADDRESS,
      usePoints: false,
      expectedTotal: null,
      idempotencyKey: `kit-order-key-${++keys}-${Date.now()}`,
    },
    await cartWith(lines),
    null,
  );
}

const balanced = async (productId: number) => {
  const balance = await stockBalance(await getDb(), productId);
  expect(balance.inBatches).toBe(balance.sellable + balance.awaitingShipment);
  return balance;
};

describe('a kit’s stock follows its components', () => {
  it('sells the least, over components, of packs on sale ÷ packs in one kit; its page changes with a component', async () => {
    const { a, b, kit } = await newKit('min');
    expect(await onSale(kit)).toBe(3); // A: 7 ÷ 2 = 3; B: 10 ÷ 1 = 10
    // A delivery of A raises the kit; B running low lowers it.
    await receiveBatch(a, {
      batchNumber: 'MA-2',
      manufacturedOn: FIRST_BATCH.manufacturedOn,
      expiresOn: FIRST_BATCH.expiresOn,
      packs: '13',
    });
    expect(await onSale(kit)).toBe(10);
    const [batch] = await productBatches(b);
    expect(await removeBatchPacks(b, batch.id, '8')).toMatchObject({ ok: true });
    expect(await onSale(kit)).toBe(2);
    // An archived component would make the kit unsellable: the desk refuses it while the kit is on sale.
    expect(await archiveProduct(b)).toEqual({ ok: false, code: 'conflict', message: KIT_MESSAGES.inKit('min kit') });
    // No batch is received for a kit: it keeps no packs of its own.
    expect(
      await receiveBatch(kit, {
        batchNumber: 'KIT-1',
        manufacturedOn: FIRST_BATCH.manufacturedOn,
        expiresOn: FIRST_BATCH.expiresOn,
        packs: '5',
      }),
    ).toMatchObject({ ok: false, code: 'conflict', message: BATCH_MESSAGES.kit });
    expect(await onSale(kit)).toBe(2);
  });

  it('a component running low purges the kit’s cached page as well as its own', async () => {
    const { a, kit } = await newKit('purge');
    const purged: string[] = [];
    await listen(CATALOG_CHANNEL, { onNotify: (payload) => purged.push(payload), onListen: () => {} });
    const [batch] = await productBatches(a);
    expect(await removeBatchPacks(a, batch.id, '3')).toMatchObject({ ok: true }); // A: 7 → 4, the kit: 3 → 2
    await expect.poll(() => purged).toEqual(expect.arrayContaining([`product:${a}`, `product:${kit}`]));
  });

  it('the seeded Stress & Sleep Kit sells what ashwagandha and melatonin allow, taxed at the higher rate', async () => {
    const seeded = (await getProductById(15))!;
    expect(seeded.name).toBe('Stress & Sleep Kit');
    expect(seeded.stock).toBe(Math.min(await onSale(2), await onSale(4)));
    expect(seeded.gstRate).toBe(18);
  });
});

describe('buying a kit', () => {
  it('takes its components’ packs with the order, their batches when it ships, and invoices one kit line', async () => {
    const { a, b, kit } = await newKit('buy');
    const placed = await order([{ productId: kit, quantity: 1, months: 1 }]);
    expect(placed).toMatchObject({ ok: true });
    if (!placed.ok) return;
    expect([await sellable(a), await sellable(b), await onSale(kit)]).toEqual([5, 9, 2]);
    // What the kit held is kept with the order (the desk may change the kit later).
    const db = await getDb();
    const [{ id: orderId }] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, placed.orderNumber));
    const held = await db.select().from(orderLineComponents);
    expect(held.filter((h) => [a, b].includes(h.productId)).map((h) => [h.productId, h.quantity])).toEqual([
      [a, 2],
      [b, 1],
    ]);
    expect(await balanced(a)).toMatchObject({ sellable: 5, inBatches: 7, awaitingShipment: 2 });
    await balanced(b);

    expect(await moveOrder(staff, placed.orderNumber, { move: 'confirm' })).toEqual({ ok: true });
    expect(
      await moveOrder(staff, placed.orderNumber, {
        move: 'ship',
        courier: 'Delhivery',
        trackingNumber: `DL-${orderId}`,
      }),
    ).toEqual({ ok: true });
    expect((await productBatches(a)).map((x) => x.remaining)).toEqual([5]);
    expect((await productBatches(b)).map((x) => x.remaining)).toEqual([9]);
    expect(await balanced(a)).toMatchObject({ sellable: 5, inBatches: 5, awaitingShipment: 0 });
    const detail = (await deskOrderDetail(placed.orderNumber))!;
    expect(detail.shippedFrom.map((s) => `${s.batchNumber} × ${s.packs}`)).toEqual(['TEST-2611 × 2', 'TEST-2611 × 1']);
    // One kit line: a mixed supply taxed at its highest component rate (18 %, B's HSN), naming its contents.
    const lines = detail.invoice!.lines.filter((l) => l.description !== 'Shipping charges');
    expect(lines).toEqual([
      expect.objectContaining({
        description: 'buy kit: buy ashwa × 2, buy sleep × 1',
        rate: 18,
        hsn: '21069099',
        quantity: 1,
      }),
    ]);
  });

  it('changes nothing when one component runs short: the order and every component’s packs stay as they were', async () => {
    const { a, b, kit } = await newKit('short');
    // Each line alone fits (kit: 3, B: 10) but together they want 11 packs of B.
    const refused = await order([
      { productId: kit, quantity: 1 },
      { productId: b, quantity: 10 },
    ]);
    expect(refused).toMatchObject({ ok: false, code: 'conflict' });
    expect(refused.ok ? '' : refused.message).toMatch(/short (kit|sleep)/);
    expect([await sellable(a), await sellable(b)]).toEqual([7, 10]);
  });

  it('two shoppers after the last kit: one gets it, the other is told it is out of stock', async () => {
    const { a, b, kit } = await newKit('race');
    // Leave A with 2 packs: one kit's worth.
    const first = await order([{ productId: a, quantity: 5 }]);
    expect(first.ok).toBe(true);
    expect(await onSale(kit)).toBe(1);
    const carts = await Promise.all([
      cartWith([{ productId: kit, quantity: 1 }]),
      cartWith([{ productId: kit, quantity: 1 }]),
    ]);
    const results = await Promise.all(
      carts.map((cart, i) =>
        placeOrder(
          {
            email: `race-${i}@example.in`,
            phone: '9876543210',
            address: TEST_ADDRESS,
            usePoints: false,
            expectedTotal: null,
            idempotencyKey: `kit-race-${i}-${Date.now()}`,
          },
          cart,
          null,
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const loser = results.find((r) => !r.ok);
    expect(loser).toMatchObject({ ok: false, code: 'conflict' });
    expect(loser!.ok ? '' : loser!.message).toBe('race kit is out of stock.');
    expect([await sellable(a), await sellable(b), await onSale(kit)]).toEqual([0, 9, 0]);
  });

  it('cancelling a kit’s order gives its components their packs back', async () => {
    const { a, b, kit } = await newKit('cancel');
    const placed = await order([{ productId: kit, quantity: 2 }]);
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect([await sellable(a), await sellable(b)]).toEqual([3, 8]); // 2 kits: 2 × (2 A + 1 B)
    expect(await moveOrder(staff, placed.orderNumber, { move: 'cancel_by_staff', note: 'Customer called' })).toEqual({
      ok: true,
    });
    expect([await sellable(a), await sellable(b), await onSale(kit)]).toEqual([7, 10, 3]);
    await balanced(a);
    await balanced(b);
  });
});

describe('the desk’s kit contents', () => {
  it('refuses a kit holding itself, another kit, or a product twice, and a component becoming a kit', async () => {
    const { a, kit } = await newKit('desk');
    const other = await newProduct('desk-other', 4);
    expect(
      await saveKitContents(
        kit,
        kitForm([
          [kit, 1],
          [a, 1],
        ]),
      ),
    ).toMatchObject({
      ok: false,
      code: 'unprocessable',
      errors: { 'component-1': KIT_MESSAGES.self },
    });
    const outer = await newProduct('desk-outer', 0);
    expect(
      await saveKitContents(
        outer,
        kitForm([
          [kit, 1],
          [other, 1],
        ]),
      ),
    ).toMatchObject({
      ok: false,
      errors: { 'component-1': KIT_MESSAGES.nested('desk kit') },
    });
    expect(
      await saveKitContents(
        outer,
        kitForm([
          [other, 1],
          [other, 2],
        ]),
      ),
    ).toMatchObject({
      ok: false,
      errors: { 'component-2': KIT_MESSAGES.duplicate('desk other') },
    });
    expect(await saveKitContents(a, kitForm([[other, 2]]))).toMatchObject({
      ok: false,
      code: 'conflict',
      message: KIT_MESSAGES.isComponent('desk kit'),
    });
    expect(await saveKitContents(outer, kitForm([[other, 11]]))).toMatchObject({
      ok: false,
      errors: { 'quantity-1': KIT_MESSAGES.quantity },
    });
    // What the desk's checks miss, the database refuses: a kit inside a kit, a component deleted.
    const db = await getDb();
    const { productKitComponents } = await import('../../db/schema');
    await expect(
      db.insert(productKitComponents).values({ kitId: outer, componentId: kit, quantity: 1 }),
    ).rejects.toThrow();
    await expect(db.delete(products).where(eq(products.id, a))).rejects.toThrow();
    expect(await onSale(kit)).toBe(3);
  });

  it('keeps a kit’s GST at its contents’ highest rate when a component’s rate changes', async () => {
    const { a, kit } = await newKit('tax');
    expect((await getProductById(kit))!.gstRate).toBe(18);
    const form = new FormData();
    const values: Record<string, string> = {
      name: 'tax ashwa',
      slug: 'tax-ashwa',
      price: '500',
      categories: 'MIND_MOOD',
      gstRate: '28',
      hsnCode: '30049011',
      ...COMPLETE_DECLARATIONS,
    };
    for (const [key, value] of Object.entries(values)) form.append(key, value);
    expect(await updateProduct(a, form)).toEqual({ ok: true });
    expect(await getProductById(kit)).toMatchObject({ gstRate: 28, hsnCode: '30049011' });
  });
});

describe('frequently bought together', () => {
  it('shows what real orders bought with the product, most orders first, then the same category', async () => {
    const { kit } = await newKit('fbt');
    const partner = await newProduct('fbt-partner', 20);
    const once = await newProduct('fbt-once', 20);
    const before = await getBoughtTogether(kit, 'Mind & Mood');
    expect(before.map((p) => p.id)).not.toContain(partner);
    expect(before).toHaveLength(3); // the category fills the strip
    await order([
      { productId: kit, quantity: 1 },
      { productId: partner, quantity: 1 },
    ]);
    await order([
      { productId: kit, quantity: 1 },
      { productId: partner, quantity: 1 },
    ]);
    await order([
      { productId: kit, quantity: 1 },
      { productId: once, quantity: 1 },
    ]);
    const after = await getBoughtTogether(kit, 'Mind & Mood');
    expect(after[0].id).toBe(partner); // two orders together
    expect(after.map((p) => p.id)).not.toContain(once); // one order is not enough
    expect(after).toHaveLength(3);
    expect(after.map((p) => p.id)).not.toContain(kit);
  });
});
