// supabase/migrations/20261123001000_order_desk.sql
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './schema';

export const returnRequests = pgTable('return_requests', {
  orderId: integer('order_id').primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  photos: jsonb('photos').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
