// supabase/migrations/20261127120000_refill_and_cart_reminders.sql: each refill or abandoned-cart reminder
// sent, under a unique key naming what it is about and its step (src/features/reminders).
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { carts } from './cart-schema';
import { orders } from './store-schema';

export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind', { enum: ['refill', 'cart'] }).notNull(),
    step: integer('step').notNull().default(1),
    email: text('email').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    months: integer('months'),
    cartId: uuid('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    cartRound: integer('cart_round'),
    recoveredOrderId: integer('recovered_order_id').references(() => orders.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reminder_sends_cart_idx').on(t.cartId, t.cartRound).where(sql`kind = 'cart'`),
    index('reminder_sends_sent_idx').on(t.sentAt),
  ],
);
