// supabase/migrations/20261127091000_customer_addresses.sql: a signed-in customer's address book (at
// most one default each, enforced by a partial unique index; the same place once).
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pin: text('pin').notNull(),
    /** The 10 digits of the Indian mobile the courier calls. */
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** When an order last went to this address (null: never). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_addresses_one_default').on(t.userId).where(sql`${t.isDefault}`),
    uniqueIndex('customer_addresses_same_place').on(
      t.userId,
      sql`lower(${t.name})`,
      sql`lower(${t.line1})`,
      sql`lower(${t.line2})`,
      sql`lower(${t.city})`,
      t.state,
      t.pin,
    ),
  ],
);
