// supabase/migrations/20261127080000_online_payments.sql: the tries at taking an order's money online,
// the payments the gateway captured, the refunds sent through it, its webhook events, and the built-in
// test gateway's own records.
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PrepaidOfferKind } from '../lib/payments';
import { returns } from './returns-schema';
import { orders } from './store-schema';

export type GatewayName = 'razorpay' | 'test';

export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    /** order: the checkout in place; link: the gateway's hosted page. */
    kind: text('kind').$type<'order' | 'link'>().notNull(),
    gatewayRef: text('gateway_ref').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    hostedPage: text('hosted_page'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payment_attempts_gateway_ref_key').on(t.gateway, t.gatewayRef),
    index('payment_attempts_order_idx').on(t.orderId),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    method: text('method'),
    /** Whether it paid the order (false: it came too late and is refunded whole). */
    applied: boolean('applied').notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payments_gateway_payment_id_key').on(t.gateway, t.gatewayPaymentId),
    index('payments_order_idx').on(t.orderId),
  ],
);

export type GatewayRefundStatus = 'queued' | 'pending' | 'processed' | 'failed';
export type GatewayRefundReason = 'return' | 'cancelled' | 'late_payment';

export const gatewayRefunds = pgTable(
  'gateway_refunds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    idempotencyKey: text('idempotency_key').notNull(),
    reason: text('reason').$type<GatewayRefundReason>().notNull(),
    returnId: integer('return_id').references(() => returns.id),
    amountPaise: integer('amount_paise').notNull(),
    gatewayRefundId: text('gateway_refund_id'),
    status: text('status').$type<GatewayRefundStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    unique('gateway_refunds_idempotency_key_key').on(t.idempotencyKey),
    unique('gateway_refunds_gateway_refund_id_key').on(t.gatewayRefundId),
    index('gateway_refunds_order_idx').on(t.orderId),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    gateway: text('gateway').$type<GatewayName>().notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'payment_events_pkey', columns: [t.gateway, t.eventId] })],
);

export type TestGatewayEntity = 'order' | 'payment_link' | 'payment' | 'refund' | 'webhook';

export const testGatewayObjects = pgTable(
  'test_gateway_objects',
  {
    id: text('id').primaryKey(),
    entity: text('entity').$type<TestGatewayEntity>().notNull(),
    parentId: text('parent_id'),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order the gateway made its records in (20261127100000_test_gateway_order.sql). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (t) => [
    index('test_gateway_objects_parent_idx').on(t.parentId),
    uniqueIndex('test_gateway_objects_seq_idx').on(t.seq),
  ],
);

/** supabase/migrations/20261127081000_prepaid_offer_and_cod_rules.sql: one row the payments desk edits. */
export const paymentSettings = pgTable('payment_settings', {
  id: boolean('id').primaryKey().default(true),
  prepaidOffer: text('prepaid_offer').$type<PrepaidOfferKind>().notNull().default('percent'),
  prepaidValue: integer('prepaid_value').notNull().default(5),
  prepaidCap: integer('prepaid_cap'),
  codMaxTotal: integer('cod_max_total'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** PIN codes the desk has closed to cash on delivery. */
export const codBlockedPins = pgTable('cod_blocked_pins', {
  pin: text('pin').primaryKey(),
  note: text('note').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** PIN codes the desk has closed to delivery (supabase/migrations/20261127130200_delivery_closed_pins.sql). */
export const deliveryClosedPins = pgTable('delivery_closed_pins', {
  pin: text('pin').primaryKey(),
  note: text('note').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
