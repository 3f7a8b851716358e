// A kit's contents in the catalogue desk (/admin/products/{id}#kit): which products, how many packs of
// each in one kit. One transaction: the kit row is locked, its contents replaced, and its GST rate and
// HSN code set from its contents (a mixed supply: the highest rate, src/features/invoices/gst.ts kitTax).
// The database refuses a kit inside a kit or holding itself (migration 20261127150000) whatever this
// code misses; a product inside a kit cannot be deleted (foreign key) nor archived (archiveProduct).
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { KIT_MESSAGES, MAX_COMPONENT_QUANTITY, MAX_KIT_COMPONENTS } from '../../lib/kits';
import { kitTax } from '../invoices/gst';
import { isKitSql, kitContents, kitsHolding } from '../stock/kits.server';
import { refusal, type Refusal } from '../../lib/errors';
import { field, NO_SUCH_PRODUCT, wholeNumber } from './form-values';

export type KitRefusal = Refusal<'not_found' | 'conflict' | 'unprocessable'>;

/** The form's rows: `component-1`…`component-6` (a product id, or empty) with `quantity-1`…. */
export const KIT_ROWS = Array.from({ length: MAX_KIT_COMPONENTS }, (_, i) => i + 1);

const isNestingViolation = (error: unknown): boolean => {
  for (
    let current = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined,
      depth = 0;
    current && depth < 4;
    current = current.cause as typeof current, depth++
  ) {
    if (current.code === '23514' && /kit/.test(String(current.constraint ?? current.message ?? ''))) return true;
  }
  return false;
};

/** Replaces the kit's contents with the posted rows (none: it is an ordinary product again). */
export async function saveKitContents(kitId: number, form: FormData): Promise<{ ok: true } | KitRefusal> {
  const rows: { row: number; productId: number; quantity: number }[] = [];
  const errors: Record<string, string> = {};
  for (const row of KIT_ROWS) {
    const idText = field(form, `component-${row}`);
    if (!idText) continue;
    const productId = wholeNumber(idText, 1, 2_000_000_000);
    const quantity = wholeNumber(field(form, `quantity-${row}`) || '1', 1, MAX_COMPONENT_QUANTITY);
    if (productId == null) errors[`component-${row}`] = KIT_MESSAGES.unknown;
    if (quantity == null) errors[`quantity-${row}`] = KIT_MESSAGES.quantity;
    if (productId != null && quantity != null) rows.push({ row, productId, quantity });
  }
  if (Object.keys(errors).length)
    return refusal('unprocessable', 'Please check the kit’s contents marked below. Nothing was changed.', errors);
  if (rows.length && rows.reduce((sum, r) => sum + r.quantity, 0) < 2)
    return refusal('unprocessable', KIT_MESSAGES.tooFew);
  const db = await getDb();
  try {
    return await db.transaction(async (tx): Promise<{ ok: true } | KitRefusal> => {
      const [kit] = await tx
        .select({ id: t.products.id })
        .from(t.products)
        .where(eq(t.products.id, kitId))
        .for('update');
      if (!kit) return refusal('not_found', NO_SUCH_PRODUCT);
      const ids = rows.map((r) => r.productId);
      const found = ids.length
        ? await tx
            .select({ id: t.products.id, name: t.products.name, archivedAt: t.products.archivedAt })
            .from(t.products)
            .where(inArray(t.products.id, ids))
        : [];
      const contents = await kitContents(tx, ids);
      const seen = new Set<number>();
      for (const { row, productId } of rows) {
        const product = found.find((p) => p.id === productId);
        const key = `component-${row}`;
        if (!product) errors[key] = KIT_MESSAGES.unknown;
        else if (productId === kitId) errors[key] = KIT_MESSAGES.self;
        else if (contents.has(productId)) errors[key] = KIT_MESSAGES.nested(product.name);
        else if (product.archivedAt) errors[key] = KIT_MESSAGES.archived(product.name);
        else if (seen.has(productId)) errors[key] = KIT_MESSAGES.duplicate(product.name);
        seen.add(productId);
      }
      if (Object.keys(errors).length) return refusal('unprocessable', Object.values(errors)[0], errors);
      if (rows.length) {
        const holding = await kitsHolding(tx, kitId);
        if (holding.length) return refusal('conflict', KIT_MESSAGES.isComponent(holding.map((k) => k.name).join(', ')));
        // Packs of its own would be stranded: a kit sells its components' packs only.
        const [own] = await tx
          .select({ quantity: t.productStock.quantity })
          .from(t.productStock)
          .where(eq(t.productStock.productId, kitId));
        if ((own?.quantity ?? 0) > 0)
          return refusal(
            'conflict',
            `This product has ${own.quantity} packs of its own on sale: remove them from their batches before making it a kit. Nothing was changed.`,
          );
      }
      await tx.delete(t.productKitComponents).where(eq(t.productKitComponents.kitId, kitId));
      if (!rows.length) return { ok: true };
      await tx
        .insert(t.productKitComponents)
        .values(rows.map((r) => ({ kitId, componentId: r.productId, quantity: r.quantity })));
      await syncKitTax(tx, [kitId]);
      return { ok: true };
    });
  } catch (error) {
    // A desk made this kit part of another kit (or a component a kit) at the same moment.
    if (isNestingViolation(error)) return refusal('conflict', KIT_MESSAGES.nested('One of these products'));
    throw error;
  }
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>['transaction']>[0]>[0];

/** Each kit's GST rate and HSN code from its contents (the kits given, or those holding these components). */
export async function syncKitTax(tx: Tx, kitIds: number[]) {
  const contents = await tx
    .select({
      kitId: t.productKitComponents.kitId,
      hsn: t.products.hsnCode,
      rate: t.products.gstRate,
    })
    .from(t.productKitComponents)
    .innerJoin(t.products, eq(t.products.id, t.productKitComponents.componentId))
    .where(inArray(t.productKitComponents.kitId, kitIds))
    .orderBy(asc(t.productKitComponents.kitId), asc(t.productKitComponents.componentId));
  for (const kitId of new Set(contents.map((c) => c.kitId))) {
    const tax = kitTax(contents.filter((c) => c.kitId === kitId));
    await tx
      .update(t.products)
      .set({ gstRate: tax.rate, hsnCode: tax.hsn })
      .where(
        and(eq(t.products.id, kitId), sql`(${t.products.gstRate}, ${t.products.hsnCode}) <> (${tax.rate}, ${tax.hsn})`),
      );
  }
}

/** The kits holding a product, for its tax to follow a component's (called when a product is saved). */
export async function kitIdsHolding(tx: Tx, productId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: t.productKitComponents.kitId })
    .from(t.productKitComponents)
    .where(eq(t.productKitComponents.componentId, productId));
  return rows.map((r) => r.id);
}

/** What the kit form offers: live products that are no kit, other than this one, by name. */
export async function kitChoices(kitId: number) {
  const db = await getDb();
  return db
    .select({ id: t.products.id, name: t.products.name })
    .from(t.products)
    .where(and(isNull(t.products.archivedAt), ne(t.products.id, kitId), sql`not ${isKitSql}`))
    .orderBy(asc(t.products.name));
}
