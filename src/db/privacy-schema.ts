// supabase/migrations/20261127070000_grievances_and_data_rights.sql: grievances with their tickets,
// consent per purpose as given and withdrawn, and the log of staff opening a customer's data
// (…20261128050000_data_access_records.sql: also a guest's records, by the record opened).
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { GRIEVANCE_CATEGORIES } from '../features/grievances/grievance';
import { CONSENT_PURPOSES } from '../features/privacy/consent';
import { ACCESSED_RECORD_KINDS } from '../features/privacy/data-access';
import { user } from './auth-schema';

export const grievances = pgTable('grievances', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** GRV-<year>-<six digits>, made by the database in the insert. */
  ticket: text('ticket')
    .notNull()
    .unique()
    .default(
      sql`'GRV-' || to_char(now() at time zone 'Asia/Kolkata', 'YYYY') || '-' || lpad(nextval('grievance_ticket_seq')::text, 6, '0')`,
    ),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  orderNumber: text('order_number'),
  category: text('category', { enum: GRIEVANCE_CATEGORIES }).notNull(),
  message: text('message').notNull(),
  status: text('status', { enum: ['open', 'answered'] })
    .notNull()
    .default('open'),
  answer: text('answer'),
  answeredBy: text('answered_by').references(() => user.id, { onDelete: 'set null' }),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull().default(sql`now() + interval '1 month'`),
  erasedAt: timestamp('erased_at', { withTimezone: true }),
});

export const consentRecords = pgTable('consent_records', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  email: text('email').notNull(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
  granted: boolean('granted').notNull(),
  wording: text('wording').notNull(),
  source: text('source').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const customerDataAccess = pgTable('customer_data_access', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  staffUserId: text('staff_user_id').references(() => user.id, { onDelete: 'set null' }),
  staffRole: text('staff_role').notNull(),
  /** No foreign key: the log outlives an erased account. Null for a guest's record. */
  customerUserId: text('customer_user_id'),
  /** The record opened (order number, ticket, id): how a guest's openings are found. */
  recordKind: text('record_kind', { enum: ACCESSED_RECORD_KINDS }),
  recordRef: text('record_ref'),
  what: text('what').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
