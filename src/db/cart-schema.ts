// supabase/migrations/20261124000100_server_cart.sql and 20261124000200_discount_code_limits.sql:
// the server-side cart and the discount codes.
import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';
import { products } from './store-schema';

export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  code: text('code'),
  revision: integer('revision').notNull().default(0),
  /** Raised each time an order empties the cart (20261127120000_refill_and_cart_reminders.sql). */
  round: integer('round').notNull().default(0),
  /** A guest's address given at checkout with the reminders box ticked. */
  contactEmail: text('contact_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productId, t.months] })],
);

export const discountCodes = pgTable('discount_codes', {
  code: text('code').primaryKey(),
  kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
  value: integer('value').notNull(),
  minSubtotal: integer('min_subtotal').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  active: boolean('active').notNull().default(true),
  maxUses: integer('max_uses'),
  maxUsesPerCustomer: integer('max_uses_per_customer'),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
