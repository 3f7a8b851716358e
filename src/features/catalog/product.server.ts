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
import { getFaqs, getMedia, getPlans, getProductById, getRecommendations } from './catalog.server';

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

export type ProductPageData = NonNullable<Awaited<ReturnType<typeof loadProductPage>>>;

/** The product with its plans, gallery, reviews (docs/decisions: verified reviews), FAQs (for browsers without JavaScript),
 * recommendations and the shown wellness goal of its first category; null when there is no such product. */
export async function loadProductPage(id: number) {
  const product = await getProductById(id);
  if (!product) return null;
  const [plans, media, reviews, samples, rating, recommendations, faqs, goals] = await Promise.all([
    getPlans(id),
    getMedia(id),
    verifiedReviews(id, { pageSize: REVIEWS_ON_PRODUCT_PAGE }),
    sampleReviews(id),
    verifiedRating(id),
    getRecommendations(product.categoryName, id, 4),
    getFaqs(id),
    listWellnessGoals(),
  ]);
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
    faqs: faqs.map(({ question, answer }) => ({ question, answer })),
    wellnessGoal: goal ? { key: goal.key, name: goal.name } : null,
  };
}
