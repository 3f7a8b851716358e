// Everything the product page renders, loaded in parallel on the server (prices included: the
// browser only displays them).
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { listWellnessGoals } from '../catalog-desk/wellness.server';
import { buildPlanOptions } from '../pricing/product-prices';
import { getFaqs, getMedia, getPlans, getProductById, getRecommendations, getReviews } from './catalog.server';
import { ratingSummary } from './product-page';

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

/** The product with its plans, gallery, reviews, FAQs (for browsers without JavaScript),
 * recommendations and the shown wellness goal of its first category; null when there is no such product. */
export async function loadProductPage(id: number) {
  const product = await getProductById(id);
  if (!product) return null;
  const [plans, media, reviews, recommendations, faqs, goals] = await Promise.all([
    getPlans(id), getMedia(id), getReviews(id), getRecommendations(product.categoryName, id, 4), getFaqs(id), listWellnessGoals(),
  ]);
  const goal = goals.find((g) => g.code === product.categories[0]?.name);
  return {
    product,
    planOptions: buildPlanOptions(product, plans),
    media,
    reviews,
    rating: ratingSummary(reviews),
    recommendations,
    faqs: faqs.map(({ question, answer }) => ({ question, answer })),
    wellnessGoal: goal ? { key: goal.key, name: goal.name } : null,
  };
}
