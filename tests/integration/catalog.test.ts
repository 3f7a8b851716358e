// Every catalogue query of spec §7 that the storefront uses, on a freshly migrated and seeded database.
import { describe, expect, it } from 'vitest';
import * as catalog from '../../src/features/catalog/catalog.server';
import { readSeedCatalogue } from '../../src/db/seed';
import { effectivePrice } from '../../src/features/pricing/product-prices';

const seed = readSeedCatalogue();
const paid = (p: { price: number; discountPrice: number | null }) => effectivePrice(p.price, p.discountPrice).current;

describe('catalogue queries', () => {
  it('loads the whole seed catalogue into an empty database', async () => {
    const { total } = await catalog.listProducts();
    expect(total).toBe(seed.products.length);
    expect(total).toBeGreaterThanOrEqual(12);
  });

  it('lists every product id for the sitemap', async () => {
    expect(await catalog.listProductIds()).toEqual(seed.products.map((p) => p.id).sort((a, b) => a - b));
  });

  it('lists categories ordered by value', async () => {
    const values = (await catalog.listCategories()).map((c) => c.value);
    expect(values).toEqual([...values].sort((a, b) => a.localeCompare(b)));
    expect(values).toHaveLength(6);
  });

  it('sorts the listing by the price a shopper pays, both ways, in the database', async () => {
    const low = (await catalog.listProducts({ sort: 'price-low' })).items.map(paid);
    const high = (await catalog.listProducts({ sort: 'price-high' })).items.map(paid);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    expect(high).toEqual([...high].sort((a, b) => b - a));
    expect(low[0]).toBeLessThan(low[low.length - 1]);
  });

  it('orders Featured by the featured rank', async () => {
    const ids = (await catalog.listProducts({ sort: 'featured' })).items.map((p) => p.id);
    const expected = [...seed.products].sort((a, b) => a.featured_rank - b.featured_rank).map((p) => p.id);
    expect(ids).toEqual(expected);
  });

  it('filters by category through the link table and paginates', async () => {
    const { items, total } = await catalog.listProducts({ category: 'MIND_MOOD' });
    const expected = seed.products
      .filter((p) => p.categories.includes('MIND_MOOD'))
      .map((p) => p.id)
      .sort();
    expect(items.map((p) => p.id).sort()).toEqual(expected);
    expect(total).toBe(expected.length);
    expect(items.every((p) => p.categories.some((c) => c.name === 'MIND_MOOD'))).toBe(true);

    const page2 = await catalog.listProducts({ pageSize: 5, page: 2 });
    const all = await catalog.listProducts({ pageSize: 100 });
    expect(page2.items.map((p) => p.id)).toEqual(all.items.slice(5, 10).map((p) => p.id));
  });

  it("shows each sort's later pages in that sort's order, with the same cards as the whole list", async () => {
    for (const sort of ['featured', 'price-low', 'price-high'] as const) {
      const all = (await catalog.listProducts({ sort, pageSize: 100 })).items;
      const page3 = (await catalog.listProducts({ sort, pageSize: 4, page: 3 })).items;
      expect(page3, sort).toEqual(all.slice(8, 12));
    }
  });

  it('returns the four favourites for the home grid', async () => {
    const favorites = await catalog.listFavorites();
    expect(favorites.map((p) => p.id).sort()).toEqual(
      seed.products
        .filter((p) => p.is_favorite)
        .map((p) => p.id)
        .sort(),
    );
    expect(favorites).toHaveLength(4);
  });

  it('lists a wellness category by its api code, with each product’s real review average and count', async () => {
    const gut = (await catalog.listProducts({ category: 'GUT_DIGESTIVE_HARMONY' })).items;
    expect(gut.length).toBeGreaterThanOrEqual(3);
    expect(gut.every((p) => p.categories.some((c) => c.name === 'GUT_DIGESTIVE_HARMONY'))).toBe(true);
    for (const product of gut) {
      // Only verified buyers' approved reviews count (the seed's sample reviews are shown, not counted).
      const reviews = (await catalog.getReviews(product.id)).filter((r) => r.verified);
      expect(product.reviewCount).toBe(reviews.length);
      expect(product.rating).toBe(
        reviews.length ? Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10 : null,
      );
    }
    expect((await catalog.listProducts({ category: 'NO_SUCH_CATEGORY' })).items).toEqual([]);
  });

  it('finds one product by id and by slug with its categories and first category name', async () => {
    const byId = await catalog.getProductById(1);
    const bySlug = await catalog.getProductBySlug('shilajit-resin');
    expect(byId?.id).toBe(1);
    expect(bySlug?.id).toBe(1);
    expect(byId?.categoryName).toBe('Energy & Vitality');
    expect(byId?.stock).toBeGreaterThan(0);
    expect(await catalog.getProductById(99999)).toBeNull();
    for (const slug of ['ashwagandha', 'curcumin', 'melatonin', 'gut-harmony', 'gluco-balance', 'adaptogens']) {
      expect(await catalog.getProductBySlug(slug), slug).not.toBeNull();
    }
  });

  it('returns plans in id order, FAQs in id order, reviews and gallery media of the product', async () => {
    const plans = await catalog.getPlans(1);
    expect(plans.map((p) => p.months)).toEqual([1, 2, 3, 4]);
    expect(plans.map((p) => p.id)).toEqual([...plans.map((p) => p.id)].sort((a, b) => a - b));
    const faqs = await catalog.getFaqs(1);
    expect(faqs.length).toBeGreaterThanOrEqual(4);
    expect(faqs[0].question).toBe(seed.products[0].faqs[0].question);
    expect((await catalog.getReviews(1)).length).toBeGreaterThanOrEqual(3);
    const media = await catalog.getMedia(1);
    expect(media.length).toBeGreaterThanOrEqual(2);
    expect(media[0].url).toMatch(/^\/product_images\/1\//);
    expect(await catalog.getFaqs(99999)).toEqual([]);
  });

  it('recommends same-category products first, excluding the current one, then fills', async () => {
    const current = await catalog.getProductById(2);
    const recs = await catalog.getRecommendations(current!.categoryName, 2, 4);
    expect(recs).toHaveLength(4);
    expect(recs.some((p) => p.id === 2)).toBe(false);
    expect(new Set(recs.map((p) => p.id)).size).toBe(4);
    const sameCategory = recs.filter((p) => p.category.toLowerCase().includes(current!.categoryName!.toLowerCase()));
    expect(recs.slice(0, sameCategory.length)).toEqual(sameCategory);

    const emptyCart = await catalog.getRecommendations(null, null, 2);
    expect(emptyCart).toHaveLength(2);
  });

  it('treats catalogue text as data, not as a LIKE pattern', async () => {
    // Unescaped, '_' would match the '&' in 'Mind & Mood' and put those products first.
    const asPattern = await catalog.getRecommendations('Mind _ Mood', 1, 4);
    expect(asPattern.map((p) => p.id)).toEqual((await catalog.getRecommendations(null, 1, 4)).map((p) => p.id));
    expect((await catalog.getRecommendations('Mind & Mood', 1, 4)).map((p) => p.id)).not.toEqual(
      asPattern.map((p) => p.id),
    );
  });
});
