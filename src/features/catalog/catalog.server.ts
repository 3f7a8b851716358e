// Catalogue queries (spec §7), run on the server only. Pages and API routes call these.
import { availableSql } from '../stock/kits.server';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import {
  BOUGHT_TOGETHER_LIMIT,
  fillRecommendations,
  MIN_ORDERS_TOGETHER,
  RECOMMENDATION_LIMIT,
} from '../../lib/recommendations';
import type { PlanRow } from '../pricing/product-prices';
import { LISTING_PAGE_SIZE, type ListingPage, type ProductSummary, type Sort } from './catalog.types';
import { keptPerCatalogue } from './catalogue-memo.server';

export type ProductDetail = typeof t.products.$inferSelect & {
  categories: { name: string; value: string }[];
  categoryName: string | null;
  /** Packs in stock. */
  stock: number;
};

const summaryColumns = {
  id: t.products.id,
  slug: t.products.slug,
  name: t.products.name,
  thumbnailUrl: t.products.thumbnailUrl,
  price: t.products.price,
  discountPrice: t.products.discountPrice,
  tags: t.products.tags,
  category: t.products.category,
  buyOneGetOne: t.products.buyOneGetOne,
  // The real average and count: approved reviews of verified buyers only (never a made-up 5 stars, never
  // the seed catalogue's sample reviews; docs/decisions: verified reviews). The product's id is spelled
  // out with its table: from one table Drizzle writes a bare "id", which inside the subquery is the review's.
  rating: sql<
    number | null
  >`(select round(avg(r.rating), 1)::float8 from ${t.productReviews} r where r.product_id = ${t.products}.id and r.status = 'approved' and r.verified)`,
  reviewCount:
    sql<number>`(select count(*)::int from ${t.productReviews} r where r.product_id = ${t.products}.id and r.status = 'approved' and r.verified)`.mapWith(
      Number,
    ),
};

/** Archived products (docs/decisions: archive instead of delete) are on no shelf, in no search, and have no page. */
const onSale = isNull(t.products.archivedAt);

/** Price the shopper pays for one pack: the discount only when it is below the MRP (product-prices.ts). */
const effectivePriceSql = sql`least(coalesce(${t.products.discountPrice}, ${t.products.price}), ${t.products.price})`;

function orderFor(sort: Sort): SQL[] {
  if (sort === 'price-low') return [sql`${effectivePriceSql} asc`, asc(t.products.id)];
  if (sort === 'price-high') return [sql`${effectivePriceSql} desc`, asc(t.products.id)];
  return [asc(t.products.featuredRank), desc(t.products.createdAt), asc(t.products.id)];
}

async function attachCategories<T extends { id: number }>(
  rows: T[],
): Promise<(T & { categories: { name: string; value: string }[] })[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const links = await db
    .select({ productId: t.productCategories.productId, name: t.categories.name, value: t.categories.value })
    .from(t.productCategories)
    .innerJoin(t.categories, eq(t.categories.name, t.productCategories.categoryName))
    .where(
      inArray(
        t.productCategories.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(t.categories.position));
  const byProduct = new Map<number, { name: string; value: string }[]>();
  for (const link of links) {
    const list = byProduct.get(link.productId) ?? [];
    list.push({ name: link.name, value: link.value });
    byProduct.set(link.productId, list);
  }
  return rows.map((r) => ({ ...r, categories: byProduct.get(r.id) ?? [] }));
}

export async function listCategories(): Promise<{ name: string; value: string }[]> {
  const db = await getDb();
  return db
    .select({ name: t.categories.name, value: t.categories.value })
    .from(t.categories)
    .orderBy(asc(t.categories.value));
}

/** Listing: sorted in the database, optionally one category, paginated so it stays fast at any size. */
export async function listProducts(
  options: { sort?: Sort; category?: string | null; page?: number; pageSize?: number } = {},
): Promise<ListingPage> {
  const db = await getDb();
  const sort = options.sort ?? 'featured';
  const pageSize = options.pageSize ?? LISTING_PAGE_SIZE;
  const page = Math.max(1, options.page ?? 1);
  const where = and(
    onSale,
    options.category
      ? inArray(
          t.products.id,
          db
            .select({ id: t.productCategories.productId })
            .from(t.productCategories)
            .where(eq(t.productCategories.categoryName, options.category)),
        )
      : undefined,
  );
  // The page's ids first, its ratings after: PostgreSQL works out the select list of every row OFFSET
  // skips, so page 209 of 10 000 products counted reviews 10 000 times instead of 16.
  const pageIds = db
    .select({ id: t.products.id })
    .from(t.products)
    .where(where)
    .orderBy(...orderFor(sort))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [rows, [{ count }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(t.products)
      .where(inArray(t.products.id, pageIds))
      .orderBy(...orderFor(sort)),
    db.select({ count: sql<number>`count(*)::int` }).from(t.products).where(where),
  ]);
  return { items: await attachCategories(rows), total: Number(count), page, pageSize, sort };
}

/** The listing pages' and menus' reads, kept until the catalogue changes (catalogue-memo.server.ts). */
export const keptCategories = keptPerCatalogue(listCategories, 1);
export const keptListing = keptPerCatalogue(listProducts, 256);

/** Home 'Most Loved Picks' (is_favorite, limit 4). */
export async function listFavorites(limit = 4): Promise<ProductSummary[]> {
  const db = await getDb();
  const rows = await db
    .select(summaryColumns)
    .from(t.products)
    .where(and(onSale, eq(t.products.isFavorite, true)))
    .orderBy(asc(t.products.featuredRank), asc(t.products.id))
    .limit(limit);
  return attachCategories(rows);
}

/** The first products in 'Featured' order (mega-menu). */
export async function listFeatured(limit = 3): Promise<ProductSummary[]> {
  return (await listProducts({ sort: 'featured', pageSize: limit })).items;
}

async function productWhere(where: SQL): Promise<ProductDetail | null> {
  const db = await getDb();
  const [found] = await db
    .select({ product: t.products, stock: availableSql })
    .from(t.products)
    .where(and(onSale, where))
    .limit(1);
  if (!found) return null;
  const [withCategories] = await attachCategories([found.product]);
  return { ...withCategories, categoryName: withCategories.categories[0]?.value ?? null, stock: found.stock };
}

/** Cards for these slugs, in the order given (unknown slugs are skipped). */
export async function listBySlugs(slugs: readonly string[]): Promise<ProductSummary[]> {
  if (!slugs.length) return [];
  const db = await getDb();
  const rows = await attachCategories(
    await db
      .select(summaryColumns)
      .from(t.products)
      .where(and(onSale, inArray(t.products.slug, [...slugs]))),
  );
  return slugs.flatMap((slug) => rows.filter((r) => r.slug === slug));
}

/** Cards for these ids, in the order given (unknown ids are skipped). */
export async function listByIds(ids: readonly number[]): Promise<ProductSummary[]> {
  if (!ids.length) return [];
  const db = await getDb();
  const rows = await attachCategories(
    await db
      .select(summaryColumns)
      .from(t.products)
      .where(and(onSale, inArray(t.products.id, [...ids]))),
  );
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}

export const getProductById = (id: number) => productWhere(eq(t.products.id, id));
export const getProductBySlug = (slug: string) => productWhere(eq(t.products.slug, slug));

export async function getPlans(productId: number): Promise<PlanRow[]> {
  const db = await getDb();
  return db
    .select({
      id: t.subscriptionPlans.id,
      label: t.subscriptionPlans.label,
      amount: t.subscriptionPlans.amount,
      months: t.subscriptionPlans.months,
    })
    .from(t.subscriptionPlans)
    .where(eq(t.subscriptionPlans.productId, productId))
    .orderBy(asc(t.subscriptionPlans.id));
}

export async function getFaqs(productId: number) {
  const db = await getDb();
  return db
    .select({ id: t.productFaqs.id, question: t.productFaqs.question, answer: t.productFaqs.answer })
    .from(t.productFaqs)
    .where(eq(t.productFaqs.productId, productId))
    .orderBy(asc(t.productFaqs.position), asc(t.productFaqs.id));
}

/** The reviews a shopper may read (approved by staff), newest first: verified buyers' and the seed's. */
export async function getReviews(productId: number) {
  const db = await getDb();
  return db
    .select()
    .from(t.productReviews)
    .where(and(eq(t.productReviews.productId, productId), eq(t.productReviews.status, 'approved')))
    .orderBy(desc(t.productReviews.createdAt), asc(t.productReviews.id));
}

export const isVideo = (path: string) => /\.(mp4|webm|mov|ogg)$/i.test(path);

/** Uploads are served from the store's storage (/media/…); the seed's art from public/. */
export const mediaUrl = (media: { path: string; stored: boolean }) =>
  media.stored ? `/media/${media.path}` : `/${media.path}`;

/** Gallery: the product's files in the product_images bucket folder, as public URLs. */
export async function getMedia(productId: number) {
  const db = await getDb();
  const rows = await db
    .select({ path: t.productMedia.path, alt: t.productMedia.alt, stored: t.productMedia.stored })
    .from(t.productMedia)
    .where(eq(t.productMedia.productId, productId))
    .orderBy(asc(t.productMedia.position), asc(t.productMedia.id))
    .limit(1000);
  return rows.map((r) => ({
    url: mediaUrl(r),
    alt: r.alt,
    kind: isVideo(r.path) ? ('video' as const) : ('image' as const),
  }));
}

/** Recommendations (spec §7): same category (case-insensitive contains) first, then others. */
export async function getRecommendations(
  category: string | null,
  excludeId: number | null,
  limit = RECOMMENDATION_LIMIT,
): Promise<ProductSummary[]> {
  const db = await getDb();
  const notCurrent = excludeId == null ? undefined : ne(t.products.id, excludeId);
  const matching = category
    ? await db
        .select(summaryColumns)
        .from(t.products)
        .where(and(onSale, ilike(t.products.category, `%${category.replace(/[%_\\]/g, '\\$&')}%`), notCurrent))
        .orderBy(...orderFor('featured'))
        .limit(limit)
    : [];
  const chosenIds = matching.map((m) => m.id);
  const others =
    matching.length >= limit
      ? []
      : await db
          .select(summaryColumns)
          .from(t.products)
          .where(and(onSale, notCurrent, chosenIds.length ? notInArray(t.products.id, chosenIds) : undefined))
          .orderBy(...orderFor('featured'))
          .limit(limit);
  return attachCategories(fillRecommendations(matching, others, excludeId, limit));
}

/**
 * 'Frequently bought together': the products found in the most orders with this one (placed and not
 * cancelled or left unpaid; at least MIN_ORDERS_TOGETHER of them), counted in SQL; the same category
 * (getRecommendations' rule) fills the places real orders do not.
 */
export async function getBoughtTogether(
  productId: number,
  category: string | null,
  limit = BOUGHT_TOGETHER_LIMIT,
): Promise<ProductSummary[]> {
  const db = await getDb();
  const other = alias(t.orderLines, 'other');
  const orders = sql<number>`count(distinct ${t.orderLines.orderId})`.mapWith(Number);
  const together = await db
    .select({ id: other.productId, orders })
    .from(t.orderLines)
    .innerJoin(other, and(eq(other.orderId, t.orderLines.orderId), ne(other.productId, t.orderLines.productId)))
    .innerJoin(t.orders, eq(t.orders.id, t.orderLines.orderId))
    .innerJoin(t.products, eq(t.products.id, other.productId))
    .where(
      and(
        eq(t.orderLines.productId, productId),
        notInArray(t.orders.status, ['cancelled', 'awaiting_payment']),
        onSale,
      ),
    )
    .groupBy(other.productId)
    .having(sql`count(distinct ${t.orderLines.orderId}) >= ${MIN_ORDERS_TOGETHER}`)
    .orderBy(desc(orders), asc(other.productId))
    .limit(limit);
  const [bought, sameCategory] = await Promise.all([
    listByIds(together.map((row) => row.id)),
    together.length >= limit ? [] : getRecommendations(category, productId, limit),
  ]);
  return fillRecommendations(bought, sameCategory, productId, limit);
}

/** Prices of the given products, for server-side cart pricing. */
export async function getPricing(ids: number[]) {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      id: t.products.id,
      name: t.products.name,
      price: t.products.price,
      discountPrice: t.products.discountPrice,
    })
    .from(t.products)
    .where(inArray(t.products.id, ids));
}

/** Every product id, in id order (the sitemap lists each product page). */
export async function listProductIds(): Promise<number[]> {
  const db = await getDb();
  const rows = await db.select({ id: t.products.id }).from(t.products).where(onSale).orderBy(asc(t.products.id));
  return rows.map((row) => row.id);
}
