// Stock held per batch (docs/decisions/0081-shelf-life-line.md). product_stock.quantity stays the
// sellable total the checkout takes from; each batch keeps its remaining packs. The two agree: for
// every product, the batches' remaining packs = the sellable total + the packs of orders placed and
// not yet shipped (awaiting payment, pending or confirmed). Receiving a batch adds to both; removing packs (damaged,
// past the line) takes from both; the checkout takes from the total only (the packs are promised, not
// yet picked); the ship move takes from batches only: the staff's choice, or first-expiring first
// (FEFO), never a batch below the shelf-life line (src/lib/shelf-life.ts). A replacement sent for
// returned units leaves the same way, and from the sellable total as well (it was never promised by a
// checkout). Each step is one transaction, or part of the caller's.
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { getDb, type Tx } from '../../db/client';
import {
  orderLineBatches,
  orderLines,
  orders,
  products,
  productStock,
  replacementBatches,
  stockBatches,
} from '../../db/schema';
import { indiaDateKey } from '../../lib/business-days';
import { refusal, type Refusal } from '../../lib/errors';
import { packsByProduct } from '../../lib/kits';
import { isKitSql, kitPacksAwaitingSql, orderStockLines } from './kits.server';
import {
  canShip,
  daysBetween,
  isIsoDate,
  lastShipDay,
  SHELF_LIFE_LINE_TEXT,
  shelfLifeLeft,
  shelfLifeState,
  type ShelfLifeState,
} from '../../lib/shelf-life';

const MAX_PACKS = 1_000_000;
const BATCH_NUMBER = /^[A-Z0-9][A-Z0-9/-]{0,39}$/;
/** The order statuses whose packs are promised but not yet taken from a batch. */
export const AWAITING_SHIPMENT = ['awaiting_payment', 'pending', 'confirmed'] as const;

export const BATCH_MESSAGES = {
  batchNumber: 'Enter the batch number printed on the pack: letters, digits, / and - (up to 40), e.g. SJ-2611.',
  duplicate: (batch: string) =>
    `Batch ${batch} of this product is already in stock: add its packs under another number or remove and receive it again.`,
  manufacturedOn: 'Enter the manufacture date as printed on the pack, not later than today.',
  expiresOn: 'Enter the expiry (use by) date as printed on the pack, after the manufacture date.',
  packs: 'Enter the packs as a whole number from 1 to 10,00,000.',
  pastLine: `This batch is already too close to its expiry to sell (each pack must reach the customer with ${SHELF_LIFE_LINE_TEXT}). Nothing was changed.`,
  noBatch: 'Choose one of this product’s batches.',
  kit: 'A kit keeps no packs of its own: receive batches of the products in it. Nothing was changed.',
  tooFewInBatch: (batch: string, left: number) =>
    `Batch ${batch} has only ${left} ${left === 1 ? 'pack' : 'packs'} left. Nothing was changed.`,
  promised: (sellable: number, removing: number) =>
    `Only ${sellable} ${sellable === 1 ? 'pack is' : 'packs are'} free to remove: the rest are promised to orders not yet shipped, so ${removing} cannot be removed. Nothing was changed.`,
  shipBelowLine: (batch: string, name: string) =>
    `Batch ${batch} of ${name} cannot be shipped: a pack must reach the customer with ${SHELF_LIFE_LINE_TEXT}. Choose a fresher batch.`,
  shipTooFew: (batch: string, name: string, needed: number, left: number) =>
    `Batch ${batch} of ${name} has ${left} ${left === 1 ? 'pack' : 'packs'} left; this order needs ${needed}. Choose another batch or first-expiring.`,
  shipShort: (name: string, needed: number, eligible: number) =>
    `Not enough stock of ${name} within its shelf-life line to ship: the order needs ${needed} ${needed === 1 ? 'pack' : 'packs'}, ${eligible} can be shipped. Receive a fresher batch first.`,
  replaceShort: (name: string, needed: number, available: number) =>
    `Out of stock: ${name} has ${available} ${available === 1 ? 'pack' : 'packs'} that can be sent (within the shelf-life line and not promised to other orders); the replacement needs ${needed}. No replacement was sent: receive stock first, or refund the returned items instead.`,
} as const;

/** Today as an India calendar day, 'YYYY-MM-DD': the day the shelf-life line is counted from. */
export const indiaToday = (now: Date = new Date()) => indiaDateKey(now);

export interface BatchInput {
  batchNumber: string;
  manufacturedOn: string;
  expiresOn: string;
  packs: string;
}
export type BatchField = keyof BatchInput;
export type BatchRefusal = Refusal<'not_found' | 'conflict' | 'unprocessable'>;

/** Checks a batch as the desk typed it; every problem at once. */
export function parseBatch(
  input: BatchInput,
  today: string,
):
  | { ok: true; batch: { batchNumber: string; manufacturedOn: string; expiresOn: string; packs: number } }
  | BatchRefusal {
  const errors: Partial<Record<BatchField, string>> = {};
  const batchNumber = input.batchNumber.trim().toUpperCase().replace(/\s+/g, '-');
  if (!BATCH_NUMBER.test(batchNumber)) errors.batchNumber = BATCH_MESSAGES.batchNumber;
  const manufacturedOn = input.manufacturedOn.trim();
  const expiresOn = input.expiresOn.trim();
  if (!isIsoDate(manufacturedOn) || manufacturedOn > today) errors.manufacturedOn = BATCH_MESSAGES.manufacturedOn;
  if (!isIsoDate(expiresOn) || (isIsoDate(manufacturedOn) && expiresOn <= manufacturedOn))
    errors.expiresOn = BATCH_MESSAGES.expiresOn;
  const packs = /^\d{1,7}$/.test(input.packs.trim()) ? Number(input.packs.trim()) : 0;
  if (packs < 1 || packs > MAX_PACKS) errors.packs = BATCH_MESSAGES.packs;
  if (Object.keys(errors).length)
    return refusal('unprocessable', 'Please check the batch’s details marked below. Nothing was changed.', errors);
  if (!canShip({ manufacturedOn, expiresOn }, today))
    return refusal('unprocessable', BATCH_MESSAGES.pastLine, { expiresOn: BATCH_MESSAGES.pastLine });
  return { ok: true, batch: { batchNumber, manufacturedOn, expiresOn, packs } };
}

/** Adds a received batch inside the caller's transaction: the batch, and its packs to the sellable total. */
export async function addBatchIn(
  tx: Tx,
  productId: number,
  batch: { batchNumber: string; manufacturedOn: string | null; expiresOn: string | null; packs: number },
  now: Date,
): Promise<boolean> {
  const [made] = await tx
    .insert(stockBatches)
    .values({
      productId,
      batchNumber: batch.batchNumber,
      manufacturedOn: batch.manufacturedOn,
      expiresOn: batch.expiresOn,
      received: batch.packs,
      remaining: batch.packs,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [stockBatches.productId, stockBatches.batchNumber] })
    .returning({ id: stockBatches.id });
  if (!made) return false;
  await tx
    .insert(productStock)
    .values({ productId, quantity: batch.packs, updatedAt: now })
    .onConflictDoUpdate({
      target: productStock.productId,
      set: { quantity: sql`${productStock.quantity} + ${batch.packs}`, updatedAt: now },
    });
  return true;
}

/** The catalogue desk receives a batch: checked, then added with its packs in one transaction. */
export async function receiveBatch(
  productId: number,
  input: BatchInput,
  now = new Date(),
): Promise<{ ok: true; quantity: number } | BatchRefusal> {
  const parsed = parseBatch(input, indiaToday(now));
  if (!parsed.ok) return parsed;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, isKit: isKitSql })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) return refusal('not_found', 'There is no such product.');
    if (product.isKit) return refusal('conflict', BATCH_MESSAGES.kit);
    if (!(await addBatchIn(tx, productId, parsed.batch, now))) {
      const message = BATCH_MESSAGES.duplicate(parsed.batch.batchNumber);
      return refusal('conflict', message, { batchNumber: message });
    }
    const [row] = await tx
      .select({ quantity: productStock.quantity })
      .from(productStock)
      .where(eq(productStock.productId, productId));
    return { ok: true as const, quantity: row.quantity };
  });
}

/**
 * Removes packs from one batch (damaged, lost, past the line): from the batch and from the sellable
 * total, both conditional, so a checkout racing it never takes the total below zero and packs promised
 * to orders are never removed from under them.
 */
export async function removeBatchPacks(
  productId: number,
  batchId: number,
  packsText: string,
  now = new Date(),
): Promise<{ ok: true; quantity: number } | BatchRefusal> {
  const packs = /^\d{1,7}$/.test(packsText.trim()) ? Number(packsText.trim()) : 0;
  if (packs < 1 || packs > MAX_PACKS) return refusal('unprocessable', BATCH_MESSAGES.packs);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(stockBatches)
      .where(and(eq(stockBatches.id, batchId), eq(stockBatches.productId, productId)))
      .for('update');
    if (!batch) return refusal('not_found', BATCH_MESSAGES.noBatch);
    if (batch.remaining < packs)
      return refusal('conflict', BATCH_MESSAGES.tooFewInBatch(batch.batchNumber, batch.remaining));
    const [total] = await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} - ${packs}`, updatedAt: now })
      .where(and(eq(productStock.productId, productId), sql`${productStock.quantity} >= ${packs}`))
      .returning({ quantity: productStock.quantity });
    if (!total) {
      const [current] = await tx
        .select({ quantity: productStock.quantity })
        .from(productStock)
        .where(eq(productStock.productId, productId));
      return refusal('conflict', BATCH_MESSAGES.promised(current?.quantity ?? 0, packs));
    }
    await tx
      .update(stockBatches)
      .set({ remaining: sql`${stockBatches.remaining} - ${packs}` })
      .where(eq(stockBatches.id, batch.id));
    return { ok: true as const, quantity: total.quantity };
  });
}

export interface BatchView {
  id: number;
  productId: number;
  batchNumber: string;
  manufacturedOn: string | null;
  expiresOn: string | null;
  received: number;
  remaining: number;
  /** Packs the nightly sweep took off sale (past the line), still to be destroyed or sent back. */
  offSale: number;
  /** The last day a pack of it may ship (null: undated). */
  lastShipDay: string | null;
  /** Days from today to that day (negative: past it). */
  daysToLine: number | null;
  /** The share of the shelf life left today, in whole per cent. */
  percentLeft: number | null;
  state: ShelfLifeState;
}

const view = (row: typeof stockBatches.$inferSelect, today: string): BatchView => {
  const last = lastShipDay(row);
  const left = shelfLifeLeft(row, today);
  return {
    id: row.id,
    productId: row.productId,
    batchNumber: row.batchNumber,
    manufacturedOn: row.manufacturedOn,
    expiresOn: row.expiresOn,
    received: row.received,
    remaining: row.remaining,
    offSale: row.offSale,
    lastShipDay: last,
    daysToLine: last ? daysBetween(today, last) : null,
    percentLeft: left === null ? null : Math.floor(left * 100),
    state: shelfLifeState(row, today),
  };
};

/** A product's batches with packs left, first-expiring first (undated last). */
export async function productBatches(productId: number, now = new Date()): Promise<BatchView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(stockBatches)
    .where(and(eq(stockBatches.productId, productId), gt(stockBatches.remaining, 0)))
    .orderBy(sql`${stockBatches.expiresOn} asc nulls last`, asc(stockBatches.id));
  const today = indiaToday(now);
  return rows.map((row) => view(row, today));
}

export interface StockBalance {
  sellable: number;
  inBatches: number;
  awaitingShipment: number;
}

/** The two counts that must agree: sellable + awaiting shipment = packs in batches. */
export async function stockBalance(
  executor: Tx | Awaited<ReturnType<typeof getDb>>,
  productId: number,
): Promise<StockBalance> {
  const [sellable] = await executor
    .select({ quantity: productStock.quantity })
    .from(productStock)
    .where(eq(productStock.productId, productId));
  const [batches] = await executor
    .select({ packs: sql<number>`coalesce(sum(${stockBatches.remaining}), 0)::int` })
    .from(stockBatches)
    .where(eq(stockBatches.productId, productId));
  // Its own lines, and the kits holding it (a kit line keeps no packs of its own).
  const [awaiting] = await executor
    .select({ packs: sql<number>`coalesce(sum(${orderLines.months} * ${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.productId, productId),
        inArray(orders.status, [...AWAITING_SHIPMENT]),
        sql`not exists (select 1 from order_line_components c where c.order_line_id = ${orderLines.id})`,
      ),
    );
  const [inKits] = await executor
    .select({ packs: kitPacksAwaitingSql(productId, AWAITING_SHIPMENT) })
    .from(products)
    .where(eq(products.id, productId));
  return {
    sellable: sellable?.quantity ?? 0,
    inBatches: Number(batches?.packs ?? 0),
    awaitingShipment: Number(awaiting?.packs ?? 0) + Number(inKits?.packs ?? 0),
  };
}

/**
 * The desk's report: batches with packs left (or taken off sale by the nightly sweep) that are past the
 * line, near it, or undated; soonest first.
 */
export async function nearExpiryReport(now = new Date()) {
  const db = await getDb();
  const today = indiaToday(now);
  const rows = await db
    .select({ batch: stockBatches, name: products.name })
    .from(stockBatches)
    .innerJoin(products, eq(products.id, stockBatches.productId))
    .where(or(gt(stockBatches.remaining, 0), gt(stockBatches.offSale, 0)))
    .orderBy(sql`${stockBatches.expiresOn} asc nulls first`, asc(stockBatches.id));
  return rows
    .map((r) => ({ ...view(r.batch, today), productName: r.name }))
    .filter((b) => b.state !== 'fine')
    .sort((a, b) => (a.daysToLine ?? -1e9) - (b.daysToLine ?? -1e9));
}

/**
 * What the ship form asks for: each product of the order (or of the units a replacement sends), the
 * packs it needs, and its batches with packs left.
 */
export async function shipmentChoices(orderId: number, now = new Date(), units?: ReplacementUnits) {
  const db = await getDb();
  const needs = packsNeeded(linesToSend(await orderStockLines(db, orderId), units));
  const batches = needs.size
    ? await db
        .select()
        .from(stockBatches)
        .where(and(inArray(stockBatches.productId, [...needs.keys()]), gt(stockBatches.remaining, 0)))
        .orderBy(sql`${stockBatches.expiresOn} asc nulls last`, asc(stockBatches.id))
    : [];
  const today = indiaToday(now);
  return [...needs.entries()].map(([productId, need]) => ({
    productId,
    name: need.name,
    packs: need.packs,
    batches: batches
      .filter((b) => b.productId === productId)
      .map((b) => ({ ...view(b, today), eligible: canShip(b, today) })),
  }));
}

/** The batches each of the order's lines was shipped from: 'SJ-2611 × 2'. */
export async function shippedBatches(orderId: number) {
  const db = await getDb();
  return db
    .select({
      orderLineId: orderLineBatches.orderLineId,
      batchNumber: stockBatches.batchNumber,
      expiresOn: stockBatches.expiresOn,
      packs: orderLineBatches.packs,
    })
    .from(orderLineBatches)
    .innerJoin(orderLines, eq(orderLines.id, orderLineBatches.orderLineId))
    .innerJoin(stockBatches, eq(stockBatches.id, orderLineBatches.batchId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLineBatches.orderLineId), asc(stockBatches.expiresOn));
}

/** The batches each of the order's replacements left from, per return: 'SJ-2611 × 1'. */
export async function replacedBatches(orderId: number) {
  const db = await getDb();
  const rows = await db
    .select({ sent: replacementBatches, batch: stockBatches })
    .from(replacementBatches)
    .innerJoin(orderLines, eq(orderLines.id, replacementBatches.orderLineId))
    .innerJoin(stockBatches, eq(stockBatches.id, replacementBatches.batchId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(replacementBatches.returnId), asc(stockBatches.expiresOn));
  return rows.map(({ sent, batch }) => ({ ...sent, batchNumber: batch.batchNumber, expiresOn: batch.expiresOn }));
}

/** A replacement's units per order line (a return's lines). */
export type ReplacementUnits = { orderLineId: number; quantity: number }[];

/** The order's lines as they leave: all of them, or a replacement's units of them. */
const linesToSend = <L extends { id: number; quantity: number }>(lines: L[], units?: ReplacementUnits) =>
  units
    ? lines.flatMap((line) => {
        const quantity = units.filter((u) => u.orderLineId === line.id).reduce((sum, u) => sum + u.quantity, 0);
        return quantity > 0 ? [{ ...line, quantity }] : [];
      })
    : lines;

/** The packs each product of the order needs (a kit line needs its components'), by product id in order. */
function packsNeeded(lines: Awaited<ReturnType<typeof orderStockLines>>) {
  return new Map(packsByProduct(lines).map((need) => [need.productId, need]));
}

/** The staff's choice per product: a batch id, or none for first-expiring first. */
export type BatchPicks = Record<number, number | undefined>;
export interface ShipmentPlan {
  allocations: { orderLineId: number; batchId: number; packs: number }[];
  /** A replacement: its return, and the packs it takes from each product's sellable total. */
  replacement?: { returnId: number; sellable: { productId: number; packs: number }[] };
}

/**
 * Which batches the order's packs leave from, inside the ship move's transaction (the order row is
 * locked by the caller; the products' batches are locked here, in product order, so two shipments
 * never wait on each other in a circle). A chosen batch must be the product's, within the line and
 * hold every pack the order needs of it; otherwise first-expiring eligible batches, in turn. A
 * replacement (a return's units) plans the same way and also needs the packs free in the sellable
 * total (not promised to orders awaiting shipment); its rows there are locked too.
 */
export async function planShipment(
  tx: Tx,
  orderId: number,
  picks: BatchPicks,
  today: string,
  replacement?: { returnId: number; units: ReplacementUnits },
): Promise<({ ok: true } & ShipmentPlan) | Refusal<'conflict'>> {
  const needs = packsNeeded(linesToSend(await orderStockLines(tx, orderId), replacement?.units));
  if (!needs.size) return { ok: true, allocations: [] };
  const sellable = replacement
    ? await tx
        .select()
        .from(productStock)
        .where(inArray(productStock.productId, [...needs.keys()]))
        .orderBy(asc(productStock.productId))
        .for('update')
    : [];
  const batches = await tx
    .select()
    .from(stockBatches)
    .where(inArray(stockBatches.productId, [...needs.keys()]))
    .orderBy(asc(stockBatches.productId), asc(stockBatches.id))
    .for('update');
  const allocations: ShipmentPlan['allocations'] = [];
  const free = (productId: number) => sellable.find((row) => row.productId === productId)?.quantity ?? 0;
  for (const [productId, need] of needs) {
    const own = batches.filter((b) => b.productId === productId);
    const picked = picks[productId];
    let sources: { id: number; remaining: number }[];
    if (picked !== undefined) {
      const batch = own.find((b) => b.id === picked);
      if (!batch) return refusal('conflict', `${need.name}: ${BATCH_MESSAGES.noBatch}`);
      if (!canShip(batch, today))
        return refusal('conflict', BATCH_MESSAGES.shipBelowLine(batch.batchNumber, need.name));
      if (batch.remaining < need.packs)
        return refusal(
          'conflict',
          BATCH_MESSAGES.shipTooFew(batch.batchNumber, need.name, need.packs, batch.remaining),
        );
      sources = [{ id: batch.id, remaining: batch.remaining }];
    } else {
      // First expiring first; of two that expire the same day, the older record.
      sources = own
        .filter((b) => b.remaining > 0 && canShip(b, today))
        .sort((a, b) => a.expiresOn!.localeCompare(b.expiresOn!) || a.id - b.id)
        .map((b) => ({ id: b.id, remaining: b.remaining }));
      const eligible = sources.reduce((sum, b) => sum + b.remaining, 0);
      if (eligible < need.packs)
        return refusal(
          'conflict',
          replacement
            ? BATCH_MESSAGES.replaceShort(need.name, need.packs, Math.min(eligible, free(productId)))
            : BATCH_MESSAGES.shipShort(need.name, need.packs, eligible),
        );
    }
    if (replacement && free(productId) < need.packs)
      return refusal('conflict', BATCH_MESSAGES.replaceShort(need.name, need.packs, free(productId)));
    // The lines needing the product (a kit's line for its component) take their packs from the sources in turn.
    let source = 0;
    for (const { line, packs: linePacks } of need.lines) {
      let wanted = linePacks;
      while (wanted > 0) {
        const from = sources[source];
        const packs = Math.min(wanted, from.remaining);
        allocations.push({ orderLineId: line.id, batchId: from.id, packs });
        from.remaining -= packs;
        wanted -= packs;
        if (from.remaining === 0) source++;
      }
    }
  }
  return {
    ok: true,
    allocations,
    ...(replacement && {
      replacement: {
        returnId: replacement.returnId,
        sellable: [...needs.entries()].map(([productId, need]) => ({ productId, packs: need.packs })),
      },
    }),
  };
}

/**
 * Takes the planned packs from their batches and records where each line's packs came from (a
 * replacement's in replacement_batches, after taking its packs from the sellable total as well).
 */
export async function recordShipment(tx: Tx, plan: ShipmentPlan, now = new Date()) {
  for (const { productId, packs } of plan.replacement?.sellable ?? [])
    await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} - ${packs}`, updatedAt: now })
      .where(eq(productStock.productId, productId));
  for (const a of plan.allocations) {
    await tx
      .update(stockBatches)
      .set({ remaining: sql`${stockBatches.remaining} - ${a.packs}` })
      .where(eq(stockBatches.id, a.batchId));
    if (plan.replacement) {
      await tx.insert(replacementBatches).values({ returnId: plan.replacement.returnId, ...a });
      continue;
    }
    await tx
      .insert(orderLineBatches)
      .values(a)
      .onConflictDoUpdate({
        target: [orderLineBatches.orderLineId, orderLineBatches.batchId],
        set: { packs: sql`${orderLineBatches.packs} + ${a.packs}` },
      });
  }
}

/**
 * The nightly sweep (docs/decisions/0112-expired-packs-off-sale.md): packs of batches past the shelf-life
 * line are taken off sale, so the storefront never sells what the desk may not ship. Per product, in one
 * transaction with its stock row and batches locked: the packs past the line leave the sellable total and
 * their batches' remaining packs (first-expiring first) and are counted as off sale, up to the sellable
 * total; packs promised to orders not yet shipped stay promised (the ship move then asks for a fresher
 * batch). A product whose every batch is past the line is left with nothing to sell: sold out. Undated
 * batches (stock on hand before batches were kept) are left as they are. Running it again changes nothing.
 */
export async function takeExpiredOffSale(now = new Date()): Promise<{ productId: number; packs: number }[]> {
  const db = await getDb();
  const today = indiaToday(now);
  const candidates = await db
    .selectDistinct({ productId: stockBatches.productId })
    .from(stockBatches)
    .where(and(gt(stockBatches.remaining, 0), sql`${stockBatches.expiresOn} is not null`))
    .orderBy(asc(stockBatches.productId));
  const taken: { productId: number; packs: number }[] = [];
  for (const { productId } of candidates) {
    const packs = await db.transaction(async (tx) => {
      const [stock] = await tx
        .select({ quantity: productStock.quantity })
        .from(productStock)
        .where(eq(productStock.productId, productId))
        .for('update');
      const past = (
        await tx
          .select()
          .from(stockBatches)
          .where(and(eq(stockBatches.productId, productId), gt(stockBatches.remaining, 0)))
          .orderBy(asc(stockBatches.expiresOn), asc(stockBatches.id))
          .for('update')
      ).filter((b) => shelfLifeState(b, today) === 'past_line');
      let left = Math.min(
        stock?.quantity ?? 0,
        past.reduce((sum, b) => sum + b.remaining, 0),
      );
      const total = left;
      if (total === 0) return 0;
      for (const batch of past) {
        const packs = Math.min(left, batch.remaining);
        if (packs === 0) break;
        await tx
          .update(stockBatches)
          .set({
            remaining: sql`${stockBatches.remaining} - ${packs}`,
            offSale: sql`${stockBatches.offSale} + ${packs}`,
            offSaleAt: now,
          })
          .where(eq(stockBatches.id, batch.id));
        left -= packs;
      }
      await tx
        .update(productStock)
        .set({ quantity: sql`${productStock.quantity} - ${total}`, updatedAt: now })
        .where(eq(productStock.productId, productId));
      return total;
    });
    if (packs) taken.push({ productId, packs });
  }
  return taken;
}
