// supabase/migrations/20261127075000_stock_batches.sql: stock held per batch with its dates, and the
// batches each shipped order line's packs came from.
import { date, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { returns } from './returns-schema';
import { orderLines, products } from './store-schema';

export const stockBatches = pgTable(
  'stock_batches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    batchNumber: text('batch_number').notNull(),
    /** Both dates or neither (stock on hand before batches were kept: it never ships). 'YYYY-MM-DD'. */
    manufacturedOn: date('manufactured_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    received: integer('received').notNull(),
    remaining: integer('remaining').notNull(),
    /** Packs the nightly sweep took off sale past the shelf-life line (20261127130100_expired_packs_off_sale.sql). */
    offSale: integer('off_sale').notNull().default(0),
    offSaleAt: timestamp('off_sale_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('stock_batches_product_batch_key').on(t.productId, t.batchNumber),
    index('stock_batches_expiry_idx').on(t.productId, t.expiresOn),
  ],
);
export type StockBatchRow = typeof stockBatches.$inferSelect;

export const orderLineBatches = pgTable(
  'order_line_batches',
  {
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stockBatches.id, { onDelete: 'restrict' }),
    packs: integer('packs').notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_line_batches_pkey', columns: [t.orderLineId, t.batchId] }),
    index('order_line_batches_batch_idx').on(t.batchId),
  ],
);

// supabase/migrations/20261127150000_regimen_kits.sql: a kit's components, and an ordered kit's
// contents as they were when it was ordered. Availability (the view product_availability) is read
// through src/features/stock/kits.server.ts.
export const productKitComponents = pgTable(
  'product_kit_components',
  {
    kitId: integer('kit_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    componentId: integer('component_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** Packs of the component in one pack of the kit (1–10). */
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ name: 'product_kit_components_pkey', columns: [t.kitId, t.componentId] }),
    index('product_kit_components_component_idx').on(t.componentId),
  ],
);

export const orderLineComponents = pgTable(
  'order_line_components',
  {
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_line_components_pkey', columns: [t.orderLineId, t.productId] }),
    index('order_line_components_product_idx').on(t.productId),
  ],
);

/** The batches a replacement's packs left from (20261127170000_replacements.sql). */
export const replacementBatches = pgTable(
  'replacement_batches',
  {
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stockBatches.id, { onDelete: 'restrict' }),
    packs: integer('packs').notNull(),
  },
  (t) => [
    primaryKey({ name: 'replacement_batches_pkey', columns: [t.returnId, t.orderLineId, t.batchId] }),
    index('replacement_batches_batch_idx').on(t.batchId),
  ],
);
