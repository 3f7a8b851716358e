// supabase/migrations/20261127093000_message_channels.sql: SMS and WhatsApp messages queued for the
// job engine (src/server/messages), one row per message with its idempotency key.
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { orders } from './store-schema';

export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    channel: text('channel', { enum: ['whatsapp', 'sms'] }).notNull(),
    template: text('template').notNull(),
    toPhone: text('to_phone').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    body: text('body').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    jobQueuedAt: timestamp('job_queued_at', { withTimezone: true }),
    /** A send in progress holds the message until then (a claim that lapses if its process dies). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('message_outbox_unsent_idx').on(t.createdAt).where(sql`status <> 'sent'`),
    index('message_outbox_order_idx').on(t.orderId).where(sql`order_id is not null`),
  ],
);
