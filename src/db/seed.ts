// Loads the seed catalogue (content/catalog/*.json) into an empty database, in one transaction.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { indiaDateKey } from '../lib/business-days';
import { env } from '../server/config/env.server';
import { PRODUCT_KINDS } from '../lib/product-declarations';
import { NET_QUANTITY_UNITS } from '../lib/unit-price';
import type { Db } from './database';
import * as t from './schema';

const isoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO date');

const seedProduct = z.object({
  id: z.number().int().positive(),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: z.string().min(1),
  subheader: z.string(),
  subheader_description: z.string(),
  description: z.string(),
  price: z.number().nonnegative(),
  discount_price: z.number().nonnegative().nullable(),
  tags: z.array(z.string()),
  categories: z.array(z.string()).min(1),
  why_youll_love_it: z.array(z.string()),
  ingredients: z.string(),
  is_favorite: z.boolean(),
  flavours: z.string().nullable(),
  claims: z.string().nullable(),
  weight1: z.string().nullable(),
  type: z.string().nullable(),
  your_daily_dose_of_strength: z.string().nullable(),
  results_you_can_see_and_feel: z.string().nullable(),
  crafted_differently_for_better_results: z.string().nullable(),
  product_ingredients_with_intention: z.string().nullable(),
  how_to_take: z.string().nullable(),
  buy_one_get_one: z.boolean(),
  /** Other names shoppers search for: Hindi names, common spellings. */
  search_aliases: z.array(z.string()).default([]),
  /** GST: HSN code and rate in per cent (default: food supplement, 2106 90 99 at 18 %). */
  hsn_code: z
    .string()
    .regex(/^\d{4}(?:\d{2}){0,2}$/)
    .default('21069099'),
  gst_rate: z.number().int().default(18),
  /** Declarations every product on sale shows (docs/decisions/0077-product-declarations.md). */
  kind: z.enum(PRODUCT_KINDS),
  common_name: z.string().min(1),
  manufacturer_name: z.string().min(1),
  manufacturer_address: z.string().min(10),
  packer_name: z.string().min(1).nullable(),
  packer_address: z.string().min(10).nullable(),
  net_quantity: z.number().int().positive(),
  net_quantity_unit: z.enum(NET_QUANTITY_UNITS),
  country_of_origin: z.string().min(1),
  best_before_months: z.number().int().min(1).max(120),
  licence_number: z.string().min(1),
  daily_usage: z.string().min(1),
  stock: z.number().int().nonnegative(),
  featured_rank: z.number().int(),
  created_at: isoDate,
  plans: z
    .array(z.object({ months: z.number().int().min(1), label: z.string(), amount: z.number().nonnegative() }))
    .length(4),
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })).min(1),
  reviews: z.array(
    z.object({
      author: z.string(),
      city: z.string().optional(),
      rating: z.number().int().min(1).max(5),
      title: z.string(),
      body: z.string(),
      created_at: isoDate,
    }),
  ),
  media: z.array(z.object({ file: z.string().regex(/^[\w.-]+$/), alt: z.string() })).min(1),
  /** A regimen kit's contents (docs/decisions/0102-regimen-kits.md): other products by slug; a kit has no stock of its own. */
  kit: z
    .array(z.object({ slug: z.string(), quantity: z.number().int().min(1).max(10) }))
    .min(1)
    .optional(),
});

/** 'YYYY-MM-DD' shifted by whole days or months (UTC calendar arithmetic). */
const shiftDay = (iso: string, { days = 0, months = 0 }) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + months, d + days)).toISOString().slice(0, 10);
};

/**
 * A seed product's stock as two batches relative to the day the catalogue is loaded: an older one
 * 45 % through its shelf life (a product kept a year or less: 62 %, near the shelf-life line, so the
 * desk's near-expiry report has something to show) and a fresh one made three weeks ago.
 */
function seedBatches(p: z.infer<typeof seedProduct>, today: string) {
  const shelfDays = Math.round(p.best_before_months * 30.44);
  const older = Math.floor(p.stock * 0.4);
  const olderMade = shiftDay(today, { days: -Math.round(shelfDays * (p.best_before_months <= 12 ? 0.62 : 0.45)) });
  const newerMade = shiftDay(today, { days: -21 });
  const prefix = p.slug
    .split('-')
    .map((word) => word[0])
    .join('')
    .toUpperCase();
  const batch = (made: string, received: number, suffix: string) => ({
    batchNumber: `${prefix}-${made.slice(2, 4)}${made.slice(5, 7)}${suffix}`,
    manufacturedOn: made,
    expiresOn: shiftDay(made, { months: p.best_before_months }),
    received,
  });
  return [
    ...(older > 0 ? [batch(olderMade, older, 'A')] : []),
    ...(p.stock - older > 0 ? [batch(newerMade, p.stock - older, 'B')] : []),
  ];
}

const seedCategory = z.object({ name: z.string().regex(/^[A-Z_]+$/), value: z.string() });

export type SeedProduct = z.infer<typeof seedProduct>;

export function catalogueDir(): string {
  return path.resolve(env().CATALOGUE_DIR);
}

export function readSeedCatalogue(dir = catalogueDir()) {
  const read = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  return {
    categories: z.array(seedCategory).parse(read('categories.json')),
    products: z.array(seedProduct).parse(read('products.json')),
  };
}

/** Storage path of a product image; served from /product_images/… like the bucket. */
export const productImagePath = (productId: number, file: string) => `product_images/${productId}/${file}`;

export async function seedCatalogueIfEmpty(db: Db): Promise<boolean> {
  const { categories, products } = readSeedCatalogue();
  const categoryValue = new Map(categories.map((c) => [c.name, c.value]));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727273)`);
    const existing = await tx.select({ id: t.products.id }).from(t.products).limit(1);
    if (existing.length > 0) return false;
    await tx
      .insert(t.categories)
      .values(categories.map((c, position) => ({ ...c, position })))
      .onConflictDoNothing();
    const today = indiaDateKey(new Date());
    for (const p of products) {
      const firstImage = `/${productImagePath(p.id, p.media[0].file)}`;
      await tx.insert(t.products).values({
        id: p.id,
        slug: p.slug,
        name: p.name,
        thumbnailUrl: firstImage,
        image: firstImage,
        imageSrc: '/banners/brand.svg',
        price: p.price,
        discountPrice: p.discount_price,
        description: p.description,
        tags: p.tags,
        searchAliases: p.search_aliases,
        hsnCode: p.hsn_code,
        gstRate: p.gst_rate,
        category: p.categories.map((c) => categoryValue.get(c) ?? c).join(', '),
        whyYoullLoveIt: p.why_youll_love_it,
        ingredients: p.ingredients,
        isFavorite: p.is_favorite,
        flavours: p.flavours,
        claims: p.claims,
        weight1: p.weight1,
        type: p.type,
        yourDailyDoseOfStrength: p.your_daily_dose_of_strength,
        resultsYouCanSeeAndFeel: p.results_you_can_see_and_feel,
        craftedDifferentlyForBetterResults: p.crafted_differently_for_better_results,
        productIngredientsWithIntention: p.product_ingredients_with_intention,
        howToTake: p.how_to_take,
        subheader: p.subheader,
        subheaderDescription: p.subheader_description,
        buyOneGetOne: p.buy_one_get_one,
        featuredRank: p.featured_rank,
        createdAt: new Date(p.created_at),
        kind: p.kind,
        commonName: p.common_name,
        manufacturerName: p.manufacturer_name,
        manufacturerAddress: p.manufacturer_address,
        packerName: p.packer_name,
        packerAddress: p.packer_address,
        netQuantity: p.net_quantity,
        netQuantityUnit: p.net_quantity_unit,
        countryOfOrigin: p.country_of_origin,
        bestBeforeMonths: p.best_before_months,
        licenceNumber: p.licence_number,
        dailyUsage: p.daily_usage,
      });
      await tx
        .insert(t.productCategories)
        .values(p.categories.map((categoryName) => ({ productId: p.id, categoryName })));
      await tx.insert(t.subscriptionPlans).values(p.plans.map((plan) => ({ productId: p.id, ...plan })));
      await tx.insert(t.productFaqs).values(p.faqs.map((f) => ({ productId: p.id, ...f })));
      if (p.reviews.length) {
        await tx.insert(t.productReviews).values(
          p.reviews.map((r) => ({
            productId: p.id,
            author: r.author,
            city: r.city,
            rating: r.rating,
            title: r.title,
            body: r.body,
            // Catalogue content, shown as such: not a verified purchase, not counted in the rating.
            status: 'approved' as const,
            verified: false,
            createdAt: new Date(r.created_at),
          })),
        );
      }
      await tx.insert(t.productMedia).values(
        p.media.map((m, position) => ({
          productId: p.id,
          path: productImagePath(p.id, m.file),
          alt: m.alt,
          position,
        })),
      );
      // The packs on sale are held in two batches of plausible dates (stock is kept per batch).
      const batches = seedBatches(p, today);
      if (batches.length)
        await tx.insert(t.stockBatches).values(batches.map((b) => ({ productId: p.id, ...b, remaining: b.received })));
      await tx.insert(t.productStock).values({ productId: p.id, quantity: p.stock });
    }
    // Kits hold products seeded above.
    const idOf = new Map(products.map((p) => [p.slug, p.id]));
    for (const p of products.filter((q) => q.kit)) {
      await tx.insert(t.productKitComponents).values(
        p.kit!.map((c) => {
          const componentId = idOf.get(c.slug);
          if (!componentId) throw new Error(`Seed kit ${p.slug} holds an unknown product ${c.slug}`);
          return { kitId: p.id, componentId, quantity: c.quantity };
        }),
      );
    }
    // Explicit ids were inserted: move the identity sequences past them.
    for (const table of ['products', 'subscription_plans', 'product_faqs', 'product_reviews', 'product_media']) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
        ),
      );
    }
    return true;
  });
}
