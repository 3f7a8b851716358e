// supabase/migrations/20261127130000_back_in_stock.sql and 20261128030000_back_in_stock_whatsapp_only.sql:
// "Notify me" requests on sold-out products.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';
import { products } from './store-schema';

export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Lower case; the account's address when the shopper was signed in; null for WhatsApp only. */
    email: text('email'),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /**
     * 91 and the ten-digit mobile: sent on WhatsApp, with the consent ticked in the form (both or neither).
     * A request has an email or this, or both.
     */
    whatsappTo: text('whatsapp_to'),
    whatsappConsentAt: timestamp('whatsapp_consent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the back-in-stock mail was queued: set once, by the send job. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('back_in_stock_requests_waiting_key')
      .on(t.productId, t.email)
      .where(sql`notified_at is null and cancelled_at is null`),
    index('back_in_stock_requests_email_idx').on(t.email),
    uniqueIndex('back_in_stock_requests_waiting_whatsapp_key')
      .on(t.productId, t.whatsappTo)
      .where(sql`whatsapp_to is not null and notified_at is null and cancelled_at is null`),
    index('back_in_stock_requests_whatsapp_idx').on(t.whatsappTo).where(sql`whatsapp_to is not null`),
  ],
);
