// supabase/migrations/20261126020100_gst_invoices.sql: the invoice series and the issued tax invoices.
import { boolean, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { InvoiceSeller } from '../features/invoices/invoice-types';
import type { TaxLine } from '../features/invoices/gst';
import { orders } from './schema';

export const invoiceSeries = pgTable('invoice_series', {
  financialYear: text('financial_year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

export const invoices = pgTable('invoices', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  orderId: integer('order_id').notNull().unique().references(() => orders.id, { onDelete: 'restrict' }),
  invoiceNumber: text('invoice_number').notNull().unique(),
  financialYear: text('financial_year').notNull(),
  sequence: integer('sequence').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
  placeOfSupply: text('place_of_supply').notNull(),
  intraState: boolean('intra_state').notNull(),
  lines: jsonb('lines').$type<TaxLine[]>().notNull(),
  taxablePaise: integer('taxable_paise').notNull(),
  cgstPaise: integer('cgst_paise').notNull(),
  sgstPaise: integer('sgst_paise').notNull(),
  igstPaise: integer('igst_paise').notNull(),
  totalPaise: integer('total_paise').notNull(),
}, (t) => [unique('invoices_financial_year_sequence_key').on(t.financialYear, t.sequence)]);
