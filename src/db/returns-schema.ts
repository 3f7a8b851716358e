// supabase/migrations/20261125070200_returns.sql (return_requests of 20261123001000 was folded into it)
// 20261127030100_returns_by_line.sql (return lines, refunds in paise, the COD payout) and
// 20261127170000_replacements.sql (a refund or a replacement).
import { integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { ReturnReasonCategory, ReturnResolution, ReturnStatus } from '../features/orders/returns-policy';
import { user } from './auth-schema';
import { orderLines, orderStatusHistory, orders } from './store-schema';

export const returns = pgTable('returns', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  status: text('status').$type<ReturnStatus>().notNull().default('requested'),
  /** What the customer asked for: the money back, or the same product and plan again. */
  resolution: text('resolution').$type<ReturnResolution>().notNull().default('refund'),
  reasonCategory: text('reason_category').$type<ReturnReasonCategory>(),
  description: text('description').notNull(),
  photos: jsonb('photos').$type<string[]>().notNull().default([]),
  video: text('video'),
  /** What was refunded, in paise (the allocation rule's amount or less). */
  refundPaise: integer('refund_paise'),
  /** Reward points spent on the order that this refund gave back. */
  refundPoints: integer('refund_points'),
  /** Cash on delivery: where the customer asked the money to go (a UPI ID, or a bank account and IFSC). */
  refundUpi: text('refund_upi'),
  refundAccount: text('refund_account'),
  refundIfsc: text('refund_ifsc'),
  /** The staff's reference of the payout (UTR or UPI transaction id). */
  payoutReference: text('payout_reference'),
  staffNote: text('staff_note'),
  decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  replacedAt: timestamp('replaced_at', { withTimezone: true }),
  /** A replacement that could not be sent (out of stock), switched to a refund. */
  switchedToRefundAt: timestamp('switched_to_refund_at', { withTimezone: true }),
  /** The "Replacement Shipped" history row: the replacement's courier and tracking number. */
  replacementHistoryId: integer('replacement_history_id').references(() => orderStatusHistory.id, {
    onDelete: 'set null',
  }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The units of the order's lines a return sends back (at most what was bought, across returns not declined). */
export const returnLines = pgTable(
  'return_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [unique('return_lines_return_id_order_line_id_key').on(t.returnId, t.orderLineId)],
);
