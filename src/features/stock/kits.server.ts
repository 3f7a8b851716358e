// Regimen kits in the database (docs/decisions/0102-regimen-kits.md): what a kit holds, what an
// ordered kit held, and the one availability rule every page and the checkout read (the view
// product_availability, the SQL twin of src/lib/kits.ts kitAvailable).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { getDb, Tx } from '../../db/client';
import { orderLineComponents, orderLines, productKitComponents, products } from '../../db/schema';
import type { KitPart } from '../../lib/kits';
import type { NetQuantityUnit } from '../../lib/unit-price';

type Executor = Tx | Awaited<ReturnType<typeof getDb>>;

/**
 * Packs of the product on sale (a kit: what its components allow), as a column of a query on products.
 * The table is spelled out: from one table Drizzle writes a bare "id", which inside the subquery is the view's.
 */
export const availableSql =
  sql<number>`coalesce((select a.available from product_availability a where a.product_id = ${products}.id), 0)`.mapWith(
    Number,
  );

/** Whether the product is a kit, as a column of a query on products. */
export const isKitSql = sql<boolean>`exists (select 1 from product_kit_components k where k.kit_id = ${products}.id)`;

/** A component as the kit holds it, with its own packs on sale. */
export type KitContent = KitPart & {
  slug: string;
  stock: number;
  netQuantity: number | null;
  netQuantityUnit: NetQuantityUnit | null;
};

/** Each kit's contents, components in id order (a product that is no kit is absent from the map). */
export async function kitContents(executor: Executor, kitIds: readonly number[]): Promise<Map<number, KitContent[]>> {
  const contents = new Map<number, KitContent[]>();
  if (!kitIds.length) return contents;
  const rows = await executor
    .select({
      kitId: productKitComponents.kitId,
      productId: productKitComponents.componentId,
      name: products.name,
      slug: products.slug,
      quantity: productKitComponents.quantity,
      stock: availableSql,
      netQuantity: products.netQuantity,
      netQuantityUnit: products.netQuantityUnit,
    })
    .from(productKitComponents)
    .innerJoin(products, eq(products.id, productKitComponents.componentId))
    .where(inArray(productKitComponents.kitId, [...new Set(kitIds)]))
    .orderBy(asc(productKitComponents.kitId), asc(productKitComponents.componentId));
  for (const { kitId, ...part } of rows) contents.set(kitId, [...(contents.get(kitId) ?? []), part]);
  return contents;
}

/** The kits a product is part of (names in name order). */
export async function kitsHolding(executor: Executor, productId: number) {
  return executor
    .select({ id: products.id, name: products.name, archivedAt: products.archivedAt })
    .from(productKitComponents)
    .innerJoin(products, eq(products.id, productKitComponents.kitId))
    .where(eq(productKitComponents.componentId, productId))
    .orderBy(asc(products.name));
}

/** What each ordered kit line held when it was ordered (lines that are no kit are absent). */
export async function orderedKitParts(executor: Executor, orderId: number): Promise<Map<number, KitPart[]>> {
  const rows = await executor
    .select({
      orderLineId: orderLineComponents.orderLineId,
      productId: orderLineComponents.productId,
      name: orderLineComponents.name,
      quantity: orderLineComponents.quantity,
    })
    .from(orderLineComponents)
    .innerJoin(orderLines, eq(orderLines.id, orderLineComponents.orderLineId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLineComponents.orderLineId), asc(orderLineComponents.productId));
  const parts = new Map<number, KitPart[]>();
  for (const { orderLineId, ...part } of rows) parts.set(orderLineId, [...(parts.get(orderLineId) ?? []), part]);
  return parts;
}

/** An order's lines, each kit line with the contents it was ordered with, in line order. */
export async function orderStockLines(executor: Executor, orderId: number) {
  const [lines, parts] = await Promise.all([
    executor.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    orderedKitParts(executor, orderId),
  ]);
  return lines.map((line) => ({ ...line, parts: parts.get(line.id) ?? null }));
}

/** Records what each newly ordered kit line holds (inside the checkout's transaction). */
export async function recordOrderedKits(
  tx: Tx,
  lines: readonly { id: number; productId: number }[],
  contents: Map<number, KitPart[]>,
) {
  const rows = lines.flatMap((line) =>
    (contents.get(line.productId) ?? []).map((part) => ({
      orderLineId: line.id,
      productId: part.productId,
      name: part.name,
      quantity: part.quantity,
    })),
  );
  if (rows.length) await tx.insert(orderLineComponents).values(rows);
}

/** The packs of these products that are promised to kits ordered and not yet shipped (statuses given). */
export const kitPacksAwaitingSql = (productId: number, statuses: readonly string[]) => sql<number>`coalesce((
  select sum(l.months * l.quantity * c.quantity) from order_line_components c
  join order_lines l on l.id = c.order_line_id join orders o on o.id = l.order_id
  where c.product_id = ${productId} and o.status in (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )})), 0)::int`;
