// Verified reviews: who may review (a customer whose order of the product was delivered), saving one
// review per customer per product (editing replaces it and sends it back to moderation), what the
// product page shows (approved reviews; the average counts verified buyers only), and the staff's
// moderation desk. Every write is one statement or one transaction; bad input is an answer, never a throw.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { findClaims, quotedClaims } from '../../lib/claims';
import * as t from '../../db/schema';
import type { SessionUser } from '../auth/session.server';
import { PostedForm, refuse, type FormOutcome, type FormRefusal } from '../../server/http/form.server';
import { discardUnreferenced, discardUploads, saveImages } from '../../server/storage/uploads.server';
import {
  judgeReview,
  ratingFrom,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEWS_PAGE_SIZE,
  reviewerName,
  type RatingSummary,
  type ReviewFormErrors,
  type ReviewStatus,
} from './review-rules';

const r = t.productReviews;

/** The customer's delivered order holding the product (the newest), or null: the one rule for who may review. */
export async function deliveredOrderWith(
  userId: string,
  productId: number,
): Promise<{ orderNumber: string; city: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ orderNumber: t.orders.orderNumber, address: t.orders.address })
    .from(t.orders)
    .innerJoin(t.orderLines, and(eq(t.orderLines.orderId, t.orders.id), eq(t.orderLines.productId, productId)))
    .where(
      and(
        eq(t.orders.customerId, userId),
        sql`exists (select 1 from ${t.orderStatusHistory} h where h.order_id = ${t.orders.id} and h.move = 'deliver')`,
      ),
    )
    .orderBy(desc(t.orders.createdAt))
    .limit(1);
  return row ? { orderNumber: row.orderNumber, city: row.address.city } : null;
}

export type OwnReview = Pick<
  typeof r.$inferSelect,
  'id' | 'rating' | 'title' | 'body' | 'photos' | 'status' | 'moderationNote' | 'updatedAt'
>;

async function ownReview(userId: string, productId: number): Promise<OwnReview | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: r.id,
      rating: r.rating,
      title: r.title,
      body: r.body,
      photos: r.photos,
      status: r.status,
      moderationNote: r.moderationNote,
      updatedAt: r.updatedAt,
    })
    .from(r)
    .where(and(eq(r.userId, userId), eq(r.productId, productId)));
  return row ?? null;
}

export interface ReviewFormPage {
  product: { id: number; name: string; thumbnailUrl: string | null };
  eligible: boolean;
  review: OwnReview | null;
}

/** What /dashboard/reviews/{productId} needs; null when there is no such product on sale. */
export async function loadReviewForm(userId: string, productId: number): Promise<ReviewFormPage | null> {
  const db = await getDb();
  const [product] = await db
    .select({ id: t.products.id, name: t.products.name, thumbnailUrl: t.products.thumbnailUrl })
    .from(t.products)
    .where(and(eq(t.products.id, productId), sql`${t.products.archivedAt} is null`));
  if (!product) return null;
  const [order, review] = await Promise.all([deliveredOrderWith(userId, productId), ownReview(userId, productId)]);
  return { product, eligible: order != null, review };
}

const CHECK_FIELDS = 'Please check the fields marked below. Nothing was saved.';

/** A refused review form: the reason (or a prompt to look at the fields), the fields' messages, the form to fill in again. */
const refused = (
  code: 'forbidden' | 'not_found' | 'unsupported' | 'too_large' | 'unprocessable',
  form: FormData,
  { form: message, ...errors }: ReviewFormErrors,
): FormRefusal => refuse(code, message ?? CHECK_FIELDS, { errors, form: new PostedForm(form) });

const filesOf = (form: FormData, name: string) =>
  form.getAll(name).filter((f): f is File => f instanceof File && f.size > 0);

/**
 * Saves (or replaces) the customer's review of a product; it waits for staff before anyone sees it.
 * Saved, the form's page is shown again with its notice (Post/Redirect/Get: `?saved=new` or `updated`).
 */
export async function submitReview(
  customer: Pick<SessionUser, 'id' | 'name'>,
  productId: number,
  form: FormData,
): Promise<FormOutcome> {
  const db = await getDb();
  const [product] = await db.select({ id: t.products.id }).from(t.products).where(eq(t.products.id, productId));
  if (!product) return refused('not_found', form, { form: REVIEW_MESSAGES.noProduct });
  const order = await deliveredOrderWith(customer.id, productId);
  if (!order) return refused('forbidden', form, { form: REVIEW_MESSAGES.notBought });

  const field = (name: string) => form.get(name);
  const judged = judgeReview({ rating: field('rating'), title: field('title'), body: field('body') });
  const errors: ReviewFormErrors = judged.ok ? {} : { ...judged.errors };
  const photos = filesOf(form, 'photos');
  if (photos.length > REVIEW_LIMITS.photos || photos.some((p) => p.size > REVIEW_LIMITS.photoBytes))
    errors.photos = REVIEW_MESSAGES.photos;
  if (!judged.ok || Object.keys(errors).length) return refused('unprocessable', form, errors);

  // New photos replace the old; none keeps them unless the customer asked to remove them. Photos the
  // review no longer shows are removed from storage once the review is saved.
  const previous = await ownReview(customer.id, productId);
  const previousPhotos = previous?.photos ?? [];
  let photoUrls = field('removePhotos') === 'on' ? [] : previousPhotos;
  if (photos.length) {
    const saved = await saveImages('reviews', photos, `review-${productId}`);
    if (!saved.ok) return refused(saved.code, form, { photos: `${saved.message} Nothing was saved.` });
    photoUrls = saved.urls;
  }
  const values = {
    rating: judged.value.rating,
    title: judged.value.title,
    body: judged.value.body,
    photos: photoUrls,
    author: reviewerName(customer.name),
    city: order.city || null,
    status: 'pending' as const,
    moderationNote: null,
    moderatedBy: null,
    moderatedAt: null,
    updatedAt: new Date(),
  };
  const added = photoUrls.filter((url) => !previousPhotos.includes(url));
  await db
    .insert(r)
    .values({ productId, userId: customer.id, verified: true, ...values })
    .onConflictDoUpdate({ target: [r.userId, r.productId], set: values })
    .catch(async (error: unknown) => {
      await discardUploads(added);
      throw error;
    });
  await discardUnreferenced(previousPhotos.filter((url) => !photoUrls.includes(url)));
  return { ok: true, redirect: `/dashboard/reviews/${productId}?saved=${previous ? 'updated' : 'new'}` };
}

export interface ShownReview {
  id: number;
  author: string;
  city: string | null;
  rating: number;
  title: string;
  body: string;
  photos: string[];
  verified: boolean;
  createdAt: Date;
}
const shownColumns = {
  id: r.id,
  author: r.author,
  city: r.city,
  rating: r.rating,
  title: r.title,
  body: r.body,
  photos: r.photos,
  verified: r.verified,
  createdAt: r.createdAt,
};

/** The average and count the store shows: approved reviews of verified buyers (docs/decisions: verified reviews). */
export async function verifiedRating(productId: number): Promise<RatingSummary | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`.mapWith(Number),
      sum: sql<number>`coalesce(sum(${r.rating}), 0)::int`.mapWith(Number),
    })
    .from(r)
    .where(and(eq(r.productId, productId), eq(r.status, 'approved'), eq(r.verified, true)));
  return ratingFrom(row.count, row.sum);
}

/** One page of a product's approved verified reviews, newest first. */
export async function verifiedReviews(
  productId: number,
  { page = 1, pageSize = REVIEWS_PAGE_SIZE } = {},
): Promise<ShownReview[]> {
  const db = await getDb();
  const current = Number.isSafeInteger(page) && page >= 1 ? page : 1;
  return db
    .select(shownColumns)
    .from(r)
    .where(and(eq(r.productId, productId), eq(r.status, 'approved'), eq(r.verified, true)))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
}

/** The newest published reviews of verified buyers across the catalogue, whatever their rating: the home page's testimonials. */
export async function latestVerifiedReviews(limit: number): Promise<ShownReview[]> {
  const db = await getDb();
  return db
    .select(shownColumns)
    .from(r)
    .where(and(eq(r.status, 'approved'), eq(r.verified, true)))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(limit);
}

/** The seed catalogue's sample reviews: shown apart, labelled, never counted. */
export async function sampleReviews(productId: number): Promise<ShownReview[]> {
  const db = await getDb();
  return db
    .select(shownColumns)
    .from(r)
    .where(and(eq(r.productId, productId), eq(r.status, 'approved'), eq(r.verified, false)))
    .orderBy(desc(r.createdAt), asc(r.id));
}

// The staff's desk.

export const DESK_PAGE_SIZE = 20;

export async function listReviewsForDesk({ status, page = 1 }: { status: ReviewStatus | ''; page?: number }) {
  const db = await getDb();
  const where = and(eq(r.verified, true), status ? eq(r.status, status) : undefined);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
    .from(r)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / DESK_PAGE_SIZE));
  const current = Math.min(Math.max(1, Number.isSafeInteger(page) ? page : 1), pages);
  const rows = await db
    .select({
      id: r.id,
      productId: r.productId,
      productName: t.products.name,
      author: r.author,
      userId: r.userId,
      email: t.user.email,
      rating: r.rating,
      title: r.title,
      body: r.body,
      photos: r.photos,
      status: r.status,
      moderationNote: r.moderationNote,
      updatedAt: r.updatedAt,
    })
    .from(r)
    .innerJoin(t.products, eq(t.products.id, r.productId))
    .leftJoin(t.user, eq(t.user.id, r.userId))
    .where(where)
    .orderBy(desc(r.updatedAt), desc(r.id))
    .limit(DESK_PAGE_SIZE)
    .offset((current - 1) * DESK_PAGE_SIZE);
  return { rows, total, page: current, pages };
}

/**
 * Publishes or rejects one review; a rejection needs a note the customer reads. A review making a claim
 * we may not publish (src/lib/claims.ts) is refused publication: staff reject it with a note instead.
 */
export async function moderateReview(staffUserId: string, fields: Record<string, string>): Promise<FormOutcome> {
  const id = /^\d{1,10}$/.test(fields.id ?? '') ? Number(fields.id) : 0;
  const intent = fields.intent;
  if (intent !== 'approve' && intent !== 'reject') return refuse('invalid', REVIEW_MESSAGES.intent);
  const note = (fields.note ?? '').trim();
  if (note.length > REVIEW_LIMITS.noteMax) return refuse('unprocessable', REVIEW_MESSAGES.note);
  if (intent === 'reject' && !note) return refuse('unprocessable', REVIEW_MESSAGES.rejectNote);
  const status: ReviewStatus = intent === 'approve' ? 'approved' : 'rejected';
  const db = await getDb();
  return db.transaction(async (tx): Promise<FormOutcome> => {
    // Locked, so the text judged is the text published even if the customer edits it meanwhile.
    const [review] = await tx
      .select({ title: r.title, body: r.body })
      .from(r)
      .where(and(eq(r.id, id), eq(r.verified, true)))
      .for('update');
    if (!review) return refuse('not_found', REVIEW_MESSAGES.noReview);
    const claims = intent === 'approve' ? findClaims(`${review.title}\n${review.body}`) : [];
    if (claims.length) return refuse('unprocessable', REVIEW_MESSAGES.claim(quotedClaims(claims)));
    // The trigger on product_reviews tells every process to purge the product's page and the listings.
    await tx
      .update(r)
      .set({ status, moderationNote: note || null, moderatedBy: staffUserId, moderatedAt: new Date() })
      .where(eq(r.id, id));
    return { ok: true, notice: intent === 'approve' ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.rejected };
  });
}
