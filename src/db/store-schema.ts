// Drizzle mirror of supabase/migrations (the SQL files are the source of truth for the database): the
// store's core tables, which the other *-schema.ts files reference. Import tables from schema.ts.
import {
  bigint,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { MoveName } from '../features/orders/lifecycle';
import type { OrderStatus } from '../features/orders/status';
import { PRODUCT_KINDS } from '../lib/product-declarations';
import { NET_QUANTITY_UNITS } from '../lib/unit-price';
import { user } from './auth-schema';
import type { PaymentMethod } from '../lib/payments';
import type { MailAttachmentRef } from '../server/mail/attachment-ref';

/** Kept by the products_search_fields trigger; read only in search queries. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Whole rupees, tax-inclusive (catalogue and orders alike). */
const money = (name: string) => integer(name);

export const categories = pgTable('categories', {
  name: text('name').primaryKey(),
  value: text('value').notNull().unique(),
  position: integer('position').notNull().default(0),
});

export const products = pgTable('products', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  thumbnailUrl: text('thumbnail_url'),
  image: text('image'),
  imageSrc: text('image_src'),
  price: money('price').notNull(),
  discountPrice: money('discount_price'),
  description: text('description').notNull().default(''),
  tags: text('tags').array().notNull().default([]),
  category: text('category').notNull().default(''),
  whyYoullLoveIt: text('why_youll_love_it').array().notNull().default([]),
  ingredients: text('ingredients').notNull().default(''),
  isFavorite: boolean('is_favorite').notNull().default(false),
  flavours: text('flavours'),
  claims: text('claims'),
  weight1: text('weight1'),
  type: text('type'),
  yourDailyDoseOfStrength: text('your_daily_dose_of_strength'),
  resultsYouCanSeeAndFeel: text('results_you_can_see_and_feel'),
  craftedDifferentlyForBetterResults: text('crafted_differently_for_better_results'),
  productIngredientsWithIntention: text('product_ingredients_with_intention'),
  howToTake: text('how_to_take'),
  subheader: text('subheader'),
  subheaderDescription: text('subheader_description'),
  buyOneGetOne: boolean('buy_one_get_one').notNull().default(false),
  featuredRank: integer('featured_rank').notNull().default(1000),
  searchAliases: text('search_aliases').array().notNull().default([]),
  /** GST (migration 20261126020100): HSN code and rate in per cent. */
  hsnCode: text('hsn_code').notNull().default('21069099'),
  gstRate: integer('gst_rate').notNull().default(18),
  /** Declarations (migration 20261127050000): NULL until the desk fills them; required to be on sale. */
  kind: text('kind', { enum: PRODUCT_KINDS }).notNull().default('supplement'),
  commonName: text('common_name'),
  manufacturerName: text('manufacturer_name'),
  manufacturerAddress: text('manufacturer_address'),
  packerName: text('packer_name'),
  packerAddress: text('packer_address'),
  netQuantity: integer('net_quantity'),
  netQuantityUnit: text('net_quantity_unit', { enum: NET_QUANTITY_UNITS }),
  countryOfOrigin: text('country_of_origin'),
  bestBeforeMonths: integer('best_before_months'),
  licenceNumber: text('licence_number'),
  dailyUsage: text('daily_usage'),
  searchText: text('search_text').notNull().default(''),
  searchVector: tsvector('search_vector').notNull().default(''),
  /** Archived products stay for old orders but leave the storefront (migration 20261125050100). */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryName: text('category_name')
      .notNull()
      .references(() => categories.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryName] })],
);

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    label: text('label').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [unique().on(t.productId, t.months)],
);

export const productFaqs = pgTable('product_faqs', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  position: integer('position').notNull().default(0),
});

/** The five /shop-by-wellness goals (keys are URL hashes); their copy is edited at /admin/wellness. */
export const wellnessGoals = pgTable('wellness_goals', {
  key: text('key', { enum: ['energy', 'gut', 'metabolic', 'immunity', 'mind', 'sleep'] }).primaryKey(),
  code: text('code')
    .notNull()
    .references(() => categories.name),
  name: text('name').notNull(),
  badge: text('badge').notNull().default(''),
  description: text('description').notNull().default(''),
  headline: text('headline').notNull().default(''),
  image: text('image').notNull().default(''),
  position: integer('position').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
});

export const productReviews = pgTable(
  'product_reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    city: text('city'),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // 20261126030100_verified_reviews.sql: a customer's review (null for the seed's), moderated by staff.
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    moderationNote: text('moderation_note'),
    moderatedBy: text('moderated_by').references(() => user.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('product_reviews_one_per_customer').on(t.userId, t.productId)],
);

export const productMedia = pgTable(
  'product_media',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** In the store's storage (an upload), not in public/ (the seed's art). */
    stored: boolean('stored').notNull().default(false),
  },
  (t) => [unique().on(t.productId, t.path)],
);

export const productStock = pgTable('product_stock', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row: bumped by every change that purges the route cache (migration 20261128010000). */
export const catalogueVersion = pgTable('catalogue_version', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const subscriptions = pgTable('subscriptions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  email: text('email').notNull().unique(),
  source: text('source').notNull().default('site'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailOutbox = pgTable('email_outbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  /** Made when the mail is sent (server/mail/attachments.server.ts). */
  attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
  retryUntil: timestamp('retry_until', { withTimezone: true }).notNull().default(sql`now() + interval '3 days'`),
});

export const appointments = pgTable(
  'appointments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['booked', 'cancelled'] })
      .notNull()
      .default('booked'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Counted up each time it is moved or cancelled: the calendar file's SEQUENCE (RFC 5545). */
    sequence: integer('sequence').notNull().default(0),
    // One booked appointment per slot; cancelled ones keep their row and free the slot.
  },
  (t) => [uniqueIndex('appointments_booked_slot_key').on(t.date, t.time).where(sql`status = 'booked'`)],
);

/** The couriers the desk ships with and their public tracking pages ({number}: the tracking number). */
export const couriers = pgTable(
  'couriers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    trackingUrlTemplate: text('tracking_url_template').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('couriers_name_key').on(sql`lower(${t.name})`)],
);

export const appointmentBlockedDays = pgTable('appointment_blocked_days', {
  date: date('date', { mode: 'string' }).primaryKey(),
  reason: text('reason').notNull(),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const appointmentSettings = pgTable('appointment_settings', {
  id: integer('id').primaryKey().default(1),
  bookingHorizonDays: integer('booking_horizon_days').notNull().default(60),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const consultationLeads = pgTable('consultation_leads', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  answers: jsonb('answers').$type<Record<string, string>>().notNull(),
  resultCategory: text('result_category').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  status: text('status', { enum: ['new', 'called', 'converted'] })
    .notNull()
    .default('new'),
  staffNotes: text('staff_notes').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/** The order_status domain (its values: ORDER_STATUSES in features/orders/status.ts). */
const orderStatus = customType<{ data: OrderStatus }>({ dataType: () => 'order_status' });
/** The order_move domain (its values: the moves of features/orders/lifecycle.ts). */
const orderMove = customType<{ data: MoveName }>({ dataType: () => 'order_move' });

export const orders = pgTable('orders', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  orderNumber: text('order_number').notNull().unique(),
  customerId: text('customer_id').references(() => user.id, { onDelete: 'set null' }),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  address: jsonb('address')
    .$type<{ name: string; line1: string; line2: string; city: string; state: string; pin: string }>()
    .notNull(),
  status: orderStatus('status').notNull().default('pending'),
  paymentMethod: text('payment_method').$type<PaymentMethod>().notNull().default('cod'),
  subtotal: integer('subtotal').notNull(),
  discount: integer('discount').notNull().default(0),
  discountLabel: text('discount_label'),
  discountCode: text('discount_code'),
  shipping: integer('shipping').notNull(),
  pointsRedeemed: integer('points_redeemed').notNull().default(0),
  /** What the online-payment offer took off (0 for cash on delivery). */
  prepaidDiscount: integer('prepaid_discount').notNull().default(0),
  total: integer('total').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** Paid online: until when its stock is held while it awaits payment. */
  paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
  /** A business purchase: the buyer's GSTIN (checked at checkout), printed on the tax invoice. */
  buyerGstin: text('buyer_gstin'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Erased at the customer's request (migration 20261127070000): email and phone '', address but the state emptied. */
  erasedAt: timestamp('erased_at', { withTimezone: true }),
});

export const orderLines = pgTable('order_lines', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  name: text('name').notNull(),
  months: integer('months').notNull(),
  quantity: integer('quantity').notNull(),
  unitPrice: integer('unit_price').notNull(),
  lineTotal: integer('line_total').notNull(),
});

export const orderStatusHistory = pgTable('order_status_history', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  status: orderStatus('status').notNull(),
  /** The move that made this row (the order_move domain: MOVE_NAMES in features/orders/lifecycle.ts). */
  move: orderMove('move').notNull(),
  note: text('note'),
  courier: text('courier'),
  trackingNumber: text('tracking_number'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
