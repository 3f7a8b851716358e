// supabase/migrations/20261126020100_gst_invoices.sql, 20261127010100_gst_credit_notes.sql and
// 20261127190000_delivery_challans.sql: the document series, the issued tax invoices, the credit notes
// issued on refunds and the delivery challans of replacements.
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { InvoiceSeller } from '../features/invoices/invoice-types';
import type { ChallanLine, CreditLine, TaxLine } from '../features/invoices/gst';
import { returns } from './returns-schema';
import { orders } from './store-schema';

/** One counter per document kind and financial year. */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    document: text('document', { enum: ['invoice', 'credit_note', 'delivery_challan'] })
      .notNull()
      .default('invoice'),
    financialYear: text('financial_year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ name: 'invoice_series_pkey', columns: [t.document, t.financialYear] })],
);
export type SeriesDocument = (typeof invoiceSeries.$inferSelect)['document'];

export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
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
    /** The buyer's GSTIN as the order gave it (business purchase; 20261127075000_stock_batches.sql). */
    buyerGstin: text('buyer_gstin'),
  },
  (t) => [unique('invoices_financial_year_sequence_key').on(t.financialYear, t.sequence)],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    returnId: integer('return_id')
      .notNull()
      .unique()
      .references(() => returns.id, { onDelete: 'restrict' }),
    creditNoteNumber: text('credit_note_number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason').notNull(),
    lines: jsonb('lines').$type<CreditLine[]>().notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
  },
  (t) => [unique('credit_notes_financial_year_sequence_key').on(t.financialYear, t.sequence)],
);

export const deliveryChallans = pgTable(
  'delivery_challans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    returnId: integer('return_id')
      .notNull()
      .unique()
      .references(() => returns.id, { onDelete: 'restrict' }),
    challanNumber: text('challan_number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    lines: jsonb('lines').$type<ChallanLine[]>().notNull(),
    valuePaise: integer('value_paise').notNull(),
  },
  (t) => [unique('delivery_challans_financial_year_sequence_key').on(t.financialYear, t.sequence)],
);
