// Verified reviews on a real database: who may review (a delivered order of the product), one review per
// customer per product (editing replaces it and sends it back to moderation), staff moderation, the
// average shoppers see, the photos' metadata, and the purge of cached pages when a review is published.
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { placeTestOrder } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import { listProducts } from '../catalog/catalog.server';
import { startCatalogueListener } from '../catalog/catalogue-changes.server';
import { loadProductPage } from '../catalog/product.server';
import { setRouteCacheForTests } from '../../server/http/route-cache-handle';
import { storage } from '../../server/storage/storage.server';
import { typedValue } from '../../server/http/form.server';
import { moveOrder } from '../orders/order-desk.server';
import { REVIEW_MESSAGES } from './review-rules';
import {
  latestVerifiedReviews,
  listReviewsForDesk,
  loadReviewForm,
  moderateReview,
  submitReview,
  verifiedRating,
} from './reviews.server';

const STAFF = { id: null, name: 'Staff' };
const PRODUCT = 5; // Gut Harmony: in GUT_DIGESTIVE_HARMONY
let accounts = 0;

async function customer(name = 'Asha Rao') {
  const auth = await getAuth();
  const { user } = await auth.api.signUpEmail({
    body: { name, email: `reviewer-${++accounts}@example.in`, password: 'tulsi-leaf-42' },
  });
  return { id: user.id, email: user.email, name: user.name };
}

async function deliver(number: string) {
  for (const step of [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: 'RV1' },
    { move: 'deliver' },
  ]) {
    expect(await moveOrder(STAFF, number, step)).toEqual({ ok: true });
  }
}

function reviewForm(
  fields: { rating?: string; title?: string; body?: string; photos?: File[]; removePhotos?: boolean } = {},
) {
  const form = new FormData();
  form.set('rating', fields.rating ?? '4');
  form.set('title', fields.title ?? 'Settles my stomach');
  form.set('body', fields.body ?? 'After two weeks my digestion feels calmer after meals. Easy to take.');
  for (const photo of fields.photos ?? []) form.append('photos', photo);
  if (fields.removePhotos) form.set('removePhotos', 'on');
  return form;
}

async function rowsOf(userId: string) {
  return (await getDb()).select().from(t.productReviews).where(eq(t.productReviews.userId, userId));
}

const staffId = async () => (await customer('Desk Person')).id;

describe('who may review', () => {
  it('refuses a customer whose order is not delivered (403, the reason, nothing saved), then accepts once it is', async () => {
    const buyer = await customer();
    const number = await placeTestOrder(buyer.email, buyer, PRODUCT);
    const refused = await submitReview(buyer, PRODUCT, reviewForm());
    expect(refused).toMatchObject({ ok: false, code: 'forbidden', message: REVIEW_MESSAGES.notBought, errors: {} });
    expect(await rowsOf(buyer.id)).toEqual([]);
    expect((await loadReviewForm(buyer.id, PRODUCT))?.eligible).toBe(false);

    // Someone who never ordered, and a delivered order of another product, do not make anyone eligible.
    const stranger = await customer();
    expect(await submitReview(stranger, PRODUCT, reviewForm())).toMatchObject({ ok: false, code: 'forbidden' });
    await deliver(number);
    expect(await submitReview(buyer, 1, reviewForm())).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await submitReview(buyer, 99999, reviewForm())).toMatchObject({ ok: false, code: 'not_found' });

    expect((await loadReviewForm(buyer.id, PRODUCT))?.eligible).toBe(true);
    const typo = await submitReview(buyer, PRODUCT, reviewForm({ rating: '9', body: 'meh' }));
    expect(typo).toMatchObject({
      ok: false,
      code: 'unprocessable',
      errors: { rating: REVIEW_MESSAGES.rating, body: REVIEW_MESSAGES.body },
    });
    // What the customer typed comes back to fill the form in again.
    expect(typedValue(typo, undefined, 'body')).toBe('meh');
    expect(await rowsOf(buyer.id)).toEqual([]);
    expect(await submitReview(buyer, PRODUCT, reviewForm())).toEqual({
      ok: true,
      redirect: `/dashboard/reviews/${PRODUCT}?saved=new`,
    });
    const [row] = await rowsOf(buyer.id);
    expect(row).toMatchObject({
      productId: PRODUCT,
      rating: 4,
      status: 'pending',
      verified: true,
      author: 'Asha R.',
      city: 'Haridwar',
    });
  });
});

describe('one review per customer per product', () => {
  it('editing replaces the review and sends it back to moderation; the database refuses a second row', async () => {
    const buyer = await customer('Kabir Shah');
    await deliver(await placeTestOrder(buyer.email, buyer, PRODUCT));
    expect(await submitReview(buyer, PRODUCT, reviewForm({ rating: '5' }))).toEqual({
      ok: true,
      redirect: `/dashboard/reviews/${PRODUCT}?saved=new`,
    });
    const [first] = await rowsOf(buyer.id);
    expect(await moderateReview(await staffId(), { id: String(first.id), intent: 'approve' })).toEqual({
      ok: true,
      notice: REVIEW_MESSAGES.approved,
    });

    expect(
      await submitReview(
        buyer,
        PRODUCT,
        reviewForm({ rating: '2', title: '', body: 'Changed my mind: too sour for me in the mornings.' }),
      ),
    ).toEqual({ ok: true, redirect: `/dashboard/reviews/${PRODUCT}?saved=updated` });
    const rows = await rowsOf(buyer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.id, rating: 2, title: '', status: 'pending', moderatedAt: null });

    const db = await getDb();
    await expect(
      db.insert(t.productReviews).values({
        productId: PRODUCT,
        userId: buyer.id,
        verified: true,
        author: 'x',
        rating: 5,
        title: '',
        body: 'A second review of the same product.',
      }),
    ).rejects.toThrow();
    expect(await rowsOf(buyer.id)).toHaveLength(1);
  });
});

describe('moderation and the average shoppers see', () => {
  it('counts only published reviews of verified buyers, on the product page and the cards; seed reviews are shown apart', async () => {
    const db = await getDb();
    await db
      .delete(t.productReviews)
      .where(and(eq(t.productReviews.productId, PRODUCT), eq(t.productReviews.verified, true)));
    const seedCount = (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.productReviews)
        .where(eq(t.productReviews.productId, PRODUCT))
    )[0].n;
    expect(seedCount).toBeGreaterThan(0);
    const card = async () =>
      (await listProducts({ category: 'GUT_DIGESTIVE_HARMONY' })).items.find((p) => p.id === PRODUCT)!;
    expect(await card()).toMatchObject({ rating: null, reviewCount: 0 });

    const staff = await staffId();
    const ids: number[] = [];
    for (const rating of ['5', '4', '2']) {
      const buyer = await customer();
      await deliver(await placeTestOrder(buyer.email, buyer, PRODUCT));
      await submitReview(buyer, PRODUCT, reviewForm({ rating }));
      ids.push((await rowsOf(buyer.id))[0].id);
    }
    const pending = await listReviewsForDesk({ status: 'pending' });
    expect(pending.rows.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    expect(pending.rows.every((r) => r.status === 'pending')).toBe(true);

    expect(await moderateReview(staff, { id: String(ids[2]), intent: 'reject' })).toEqual({
      ok: false,
      code: 'unprocessable',
      message: REVIEW_MESSAGES.rejectNote,
    });
    expect(await moderateReview(staff, { id: '999999', intent: 'approve' })).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(await moderateReview(staff, { id: String(ids[0]), intent: 'delete' })).toEqual({
      ok: false,
      code: 'invalid',
      message: REVIEW_MESSAGES.intent,
    });
    expect(
      await moderateReview(staff, {
        id: String(ids[2]),
        intent: 'reject',
        note: 'Please describe the product, not the delivery.',
      }),
    ).toEqual({ ok: true, notice: REVIEW_MESSAGES.rejected });
    await moderateReview(staff, { id: String(ids[0]), intent: 'approve' });
    await moderateReview(staff, { id: String(ids[1]), intent: 'approve' });

    expect(await verifiedRating(PRODUCT)).toEqual({ average: 4.5, count: 2 });
    expect(await card()).toMatchObject({ rating: 4.5, reviewCount: 2 });
    expect((await listProducts()).items.find((p) => p.id === PRODUCT)).toMatchObject({ rating: 4.5, reviewCount: 2 });
    const page = await loadProductPage(PRODUCT);
    expect(page?.rating).toEqual({ average: 4.5, count: 2 });
    expect(page?.reviews.map((r) => r.rating).sort()).toEqual([4, 5]);
    expect(page?.reviews.every((r) => r.verified)).toBe(true);
    expect(page?.sampleReviews).toHaveLength(seedCount);
    expect(page?.sampleReviews.every((r) => !r.verified)).toBe(true);
    const rejected = await db.select().from(t.productReviews).where(eq(t.productReviews.id, ids[2]));
    expect(rejected[0]).toMatchObject({
      status: 'rejected',
      moderationNote: 'Please describe the product, not the delivery.',
    });
  });
});

describe('the home page testimonials', () => {
  it('are the newest published reviews of verified buyers, never the seed samples or an unpublished review', async () => {
    const buyer = await customer('Meena Joshi');
    await deliver(await placeTestOrder(buyer.email, buyer, PRODUCT));
    const body = 'Lighter mornings after two weeks; the capsules are small and easy to swallow.';
    await submitReview(buyer, PRODUCT, reviewForm({ body }));
    expect((await latestVerifiedReviews(5)).map((review) => review.body)).not.toContain(body);
    const [row] = await rowsOf(buyer.id);
    await moderateReview(await staffId(), { id: String(row.id), intent: 'approve' });
    const shown = await latestVerifiedReviews(5);
    expect(shown[0]).toMatchObject({ body, author: 'Meena J.', verified: true });
    expect(shown.every((review) => review.verified)).toBe(true);
  });
});

describe('a review making a forbidden claim', () => {
  it('is taken from the customer, flagged on the desk, refused publication (nothing changes) and rejected with a note', async () => {
    const buyer = await customer('Ravi Kumar');
    await deliver(await placeTestOrder(buyer.email, buyer, PRODUCT));
    const body = 'My uncle says it cures diabetes, and there are no side effects at all.';
    expect(await submitReview(buyer, PRODUCT, reviewForm({ body }))).toEqual({
      ok: true,
      redirect: `/dashboard/reviews/${PRODUCT}?saved=new`,
    });
    const [row] = await rowsOf(buyer.id);

    const staff = await staffId();
    expect(await moderateReview(staff, { id: String(row.id), intent: 'approve' })).toEqual({
      ok: false,
      code: 'unprocessable',
      message: REVIEW_MESSAGES.claim('“cures diabetes”, “no side effects”'),
    });
    expect((await rowsOf(buyer.id))[0]).toMatchObject({ status: 'pending', moderatedAt: null });

    expect(
      await moderateReview(staff, {
        id: String(row.id),
        intent: 'reject',
        note: 'Please leave out health claims and describe your own experience.',
      }),
    ).toEqual({ ok: true, notice: REVIEW_MESSAGES.rejected });
    expect((await rowsOf(buyer.id))[0]).toMatchObject({
      status: 'rejected',
      moderationNote: 'Please leave out health claims and describe your own experience.',
    });
  });
});

describe('photos', () => {
  it('are re-encoded to WebP without their metadata; a file that is not an image is refused and nothing is saved', async () => {
    const buyer = await customer();
    await deliver(await placeTestOrder(buyer.email, buyer, PRODUCT));
    const withExif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c08040' } })
      .withExif({ IFD0: { Copyright: 'Asha Rao', Make: 'PhoneCam' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const notImage = new File([new TextEncoder().encode('<svg onload="alert(1)"></svg>')], 'x.png', {
      type: 'image/png',
    });
    expect(await submitReview(buyer, PRODUCT, reviewForm({ photos: [notImage] }))).toMatchObject({
      ok: false,
      code: 'unsupported',
      errors: { photos: 'That file is not a JPEG, PNG or WebP image. Nothing was saved.' },
    });
    expect(await rowsOf(buyer.id)).toEqual([]);
    const tooMany = Array.from({ length: 4 }, () => new File([withExif], 'p.jpg', { type: 'image/jpeg' }));
    expect(await submitReview(buyer, PRODUCT, reviewForm({ photos: tooMany }))).toMatchObject({
      ok: false,
      code: 'unprocessable',
      errors: { photos: REVIEW_MESSAGES.photos },
    });

    expect(
      await submitReview(
        buyer,
        PRODUCT,
        reviewForm({ photos: [new File([withExif], 'IMG_0001.jpg', { type: 'image/jpeg' })] }),
      ),
    ).toMatchObject({ ok: true });
    const [row] = await rowsOf(buyer.id);
    expect(row.photos).toEqual([expect.stringMatching(/^\/media\/reviews\/review-5-[0-9a-f]+\.webp$/)]);
    const stored = await storage().get(row.photos[0].replace('/media/', ''));
    const meta = await sharp(stored!.body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 });
    expect(meta.exif).toBeUndefined();

    // Editing without new photos keeps them; asking to remove them does, and their files go too.
    await submitReview(buyer, PRODUCT, reviewForm({ rating: '3' }));
    expect((await rowsOf(buyer.id))[0].photos).toEqual(row.photos);
    await submitReview(buyer, PRODUCT, reviewForm({ rating: '3', removePhotos: true }));
    expect((await rowsOf(buyer.id))[0].photos).toEqual([]);
    expect(await storage().get(row.photos[0].replace('/media/', ''))).toBeNull();
  });
});

describe('cached pages', () => {
  const purged: string[][] = [];
  beforeAll(() =>
    setRouteCacheForTests({
      invalidate: async ({ tags }) => {
        purged.push(tags);
      },
    }),
  );
  afterAll(() => setRouteCacheForTests(undefined));

  it('publishing a review purges the catalogue pages in every process; a new pending review does not', async () => {
    await startCatalogueListener();
    await vi.waitFor(() => expect(purged).toContainEqual(['catalog']));
    const buyer = await customer();
    await deliver(await placeTestOrder(buyer.email, buyer, PRODUCT));
    purged.length = 0;
    await submitReview(buyer, PRODUCT, reviewForm());
    await moderateReview(await staffId(), { id: String((await rowsOf(buyer.id))[0].id), intent: 'approve' });
    await vi.waitFor(() => expect(purged).toContainEqual(['catalog']));
    // Only the approval purged (the pending insert and the staff account's sign-up did not).
    expect(purged).toHaveLength(1);
  });
});
