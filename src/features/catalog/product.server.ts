// Everything the product page renders, loaded in parallel on the server (prices included: the
// browser only displays them).
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { listWellnessGoals } from '../catalog-desk/wellness.server';
import { buildPlanOptions } from '../pricing/product-prices';
import { unitSalePrices } from '../../lib/unit-price';
import { REVIEWS_ON_PRODUCT_PAGE } from '../reviews/review-rules';
import { sampleReviews, verifiedRating, verifiedReviews } from '../reviews/reviews.server';
import { BOUGHT_TOGETHER_LIMIT, RECOMMENDATION_LIMIT } from '../../lib/recommendations';
import { kitContents } from '../stock/kits.server';
import { getBoughtTogether, getFaqs, getMedia, getPlans, getProductById, getRecommendations } from './catalog.server';
import { keptPerCatalogue } from './catalogue-memo.server';

export async function findProductIdBySlug(slug: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db.select({ id: t.products.id }).from(t.products).where(eq(t.products.slug, slug)).limit(1);
  return row?.id ?? null;
}

export async function productExists(id: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db.select({ id: t.products.id }).from(t.products).where(eq(t.products.id, id)).limit(1);
  return rows.length > 0;
}

export type ProductPageData = NonNullable<Awaited<ReturnType<typeof readProductPage>>>;

/** The product with its plans, gallery, reviews (docs/decisions: verified reviews), FAQs (for browsers without JavaScript),
 * recommendations and the shown wellness goal of its first category; null when there is no such product.
 * Kept until the catalogue changes, for the most recently asked 256 products (catalogue-memo.server.ts). */
export const loadProductPage = keptPerCatalogue(readProductPage, 256);

async function readProductPage(id: number) {
  const product = await getProductById(id);
  if (!product) return null;
  const db = await getDb();
  const [plans, media, reviews, samples, rating, related, boughtTogether, faqs, goals, kits] = await Promise.all([
    getPlans(id),
    getMedia(id),
    verifiedReviews(id, { pageSize: REVIEWS_ON_PRODUCT_PAGE }),
    sampleReviews(id),
    verifiedRating(id),
    getRecommendations(product.categoryName, id, RECOMMENDATION_LIMIT + BOUGHT_TOGETHER_LIMIT),
    getBoughtTogether(id, product.categoryName),
    getFaqs(id),
    listWellnessGoals(),
    kitContents(db, [id]),
  ]);
  // 'You may also like' shows what 'Frequently bought together' does not.
  const together = new Set(boughtTogether.map((p) => p.id));
  const recommendations = related.filter((p) => !together.has(p.id)).slice(0, RECOMMENDATION_LIMIT);
  const goal = goals.find((g) => g.code === product.categories[0]?.name);
  const planOptions = buildPlanOptions(product, plans);
  return {
    product,
    planOptions,
    /** The unit sale price of each plan (n months = n packs); none until the net quantity is declared. */
    unitPrices: product.netQuantity
      ? unitSalePrices(
          planOptions.map((o) => ({ months: o.months, label: o.label, price: o.displayed, packs: o.months })),
          product.netQuantity,
        )
      : [],
    media,
    /** The newest approved reviews of verified buyers; `rating` is their average and count. */
    reviews,
    sampleReviews: samples,
    rating,
    recommendations,
    boughtTogether,
    /** A kit's contents (empty: not a kit), each with its packs on sale. */
    kit: kits.get(id) ?? [],
    faqs: faqs.map(({ question, answer }) => ({ question, answer })),
    wellnessGoal: goal ? { key: goal.key, name: goal.name } : null,
  };
}
