// supabase/migrations/20261125070200_returns.sql (return_requests of 20261123001000 was folded into it).
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReturnReasonCategory, ReturnStatus } from '../features/orders/returns-policy';
import { user } from './auth-schema';
import { orders } from './store-schema';

export const returns = pgTable('returns', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  status: text('status').$type<ReturnStatus>().notNull().default('requested'),
  reasonCategory: text('reason_category').$type<ReturnReasonCategory>(),
  description: text('description').notNull(),
  photos: jsonb('photos').$type<string[]>().notNull().default([]),
  video: text('video'),
  refundAmount: integer('refund_amount'),
  staffNote: text('staff_note'),
  decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
