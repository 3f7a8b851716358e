import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { bestsellers, searchProducts, searchSuggestions } from './search.server';

const names = async (query: string) => (await searchProducts(query)).products.map((p) => p.name);

describe('product search', () => {
  it('finds a product by its name, and ranks the name above a mention in another description', async () => {
    const found = await names('ashwagandha');
    expect(found[0]).toBe('Ashwagandha Root Extract');
  });

  it('finds products by their Hindi name and by common misspellings', async () => {
    expect(await names('अश्वगंधा')).toContain('Ashwagandha Root Extract');
    expect(await names('ashwaganda')).toContain('Ashwagandha Root Extract');
    expect(await names('shilajeet')).toEqual(
      expect.arrayContaining(['Himalayan Shilajit Resin', 'Shilajit Gold Capsules']),
    );
    expect(await names('tumeric')).toContain('Curcumin with Black Pepper');
    expect(await names('हल्दी')).toContain('Curcumin with Black Pepper');
  });

  it('searches tags, categories, descriptions and ingredients', async () => {
    expect(await names('sugar-free')).toContain('Amla Vitamin C Gummies');
    expect(await names('immunity')).toContain('Giloy Tulsi Immunity Drops');
    expect(await names('fulvic acid')).toContain('Himalayan Shilajit Resin');
  });

  it('answers nothing for nonsense and for characters that mean something to SQL', async () => {
    expect(await names('xqzvwk')).toEqual([]);
    expect(await names('%')).toEqual([]);
    expect(await names("' or 1=1 --")).toEqual([]);
    expect(await names('')).toEqual([]);
  });

  it('a product changed in the back office is found by its new name at once', async () => {
    const db = await getDb();
    await db.update(t.products).set({ name: 'Triphala Churna Tablets' }).where(eq(t.products.id, 9));
    expect(await names('churna')).toEqual(['Triphala Churna Tablets']);
  });

  it('suggests names with links once two letters are typed', async () => {
    expect(await searchSuggestions('a')).toEqual([]);
    const suggestions = await searchSuggestions('brah');
    expect(suggestions).toContainEqual({ name: 'Brahmi Focus Tablets', url: '/product/12' });
    expect(suggestions.length).toBeLessThanOrEqual(6);
  });

  it('says when more products match than the page shows, and shows the best of them', async () => {
    expect((await searchProducts('ashwagandha')).more).toBe(false);
    // 60 copies of product 9 (Triphala) under new names: the word now matches 61 products.
    const db = await getDb();
    const answer = await db.execute(sql`
      select column_name from information_schema.columns where table_schema = 'public' and table_name = 'products'
        and is_generated = 'NEVER' and column_name not in ('id', 'slug', 'name')`);
    const rows = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as { column_name: string }[];
    const columns = rows.map((c) => `"${c.column_name}"`).join(', ');
    await db.execute(
      sql.raw(`insert into products (slug, name, ${columns})
      select 'triphala-copy-' || g, 'Triphala Blend ' || g, ${columns} from products, generate_series(1, 60) g where id = 9`),
    );
    const { products, more } = await searchProducts('triphala');
    expect(products).toHaveLength(48);
    expect(more).toBe(true);
    expect(products[0].name).toMatch(/Triphala/);
  });

  it('offers the bestsellers when nothing is found', async () => {
    const offered = await bestsellers();
    expect(offered.length).toBe(4);
    expect(offered.every((p) => p.tags.includes('bestseller'))).toBe(true);
  });
});
