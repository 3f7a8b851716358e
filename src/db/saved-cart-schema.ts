// supabase/migrations/20261123000900_saved_carts.sql
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CartItem } from '../lib/cart';

export const savedCarts = pgTable('saved_carts', {
  userId: text('user_id').primaryKey(),
  items: jsonb('items').$type<CartItem[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
