// Rewards tables (supabase/migrations/20261123000800_rewards.sql; return_id from 20261127030100_returns_by_line.sql).
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';
import { returns } from './returns-schema';
import { orders } from './store-schema';

export const rewardAccounts = pgTable('reward_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  balance: integer('balance').notNull().default(0),
  referralCode: text('referral_code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const pointsLedger = pgTable('points_ledger', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  userId: text('user_id')
    .notNull()
    .references(() => rewardAccounts.userId, { onDelete: 'cascade' }),
  delta: integer('delta').notNull(),
  reason: text('reason')
    .$type<'signup' | 'order' | 'order_reversal' | 'redemption' | 'redemption_refund' | 'staff_grant'>()
    .notNull(),
  orderId: integer('order_id').references(() => orders.id),
  /** The return whose refund moved these points (one entry per reason and return). */
  returnId: integer('return_id').references(() => returns.id, { onDelete: 'cascade' }),
  note: text('note'),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const referrals = pgTable('referrals', {
  referredUserId: text('referred_user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  referrerUserId: text('referrer_user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
});

export const coupons = pgTable('coupons', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  percentOff: integer('percent_off').notNull(),
  reason: text('reason').$type<'referral_welcome' | 'referral_thanks'>().notNull(),
  usedOrderId: integer('used_order_id').references(() => orders.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
