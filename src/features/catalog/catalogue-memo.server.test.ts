// The catalogue reads a process keeps in memory (catalogue-memo.server.ts) on a real database: a change
// made outside this process (plain SQL here, as another server process or a console would make it)
// is seen on the next read, because every change that purges the route cache bumps catalogue_version.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { catalogueVersion } from './catalogue-memo.server';
import { loadProductPage } from './product.server';

const run = async (statement: ReturnType<typeof sql>) => (await getDb()).execute(statement);

/** Whether the statement moved the catalogue's version. */
async function bumps(statement: ReturnType<typeof sql>): Promise<boolean> {
  const before = await catalogueVersion();
  await run(statement);
  return (await catalogueVersion()) !== before;
}

describe('catalogue reads kept per catalogue version', () => {
  it('a price changed by another process shows on the next product page read', async () => {
    const before = (await loadProductPage(1))!.product.price;
    expect((await loadProductPage(1))!.product.price).toBe(before);
    await run(sql`update products set price = price + 100 where id = 1`);
    expect((await loadProductPage(1))!.product.price).toBe(before + 100);
  });

  it('is moved by every change that purges the route cache, and only by those', async () => {
    const db = await getDb();
    await db.update(t.productStock).set({ quantity: 50 }).where(eq(t.productStock.productId, 2));
    expect(await bumps(sql`update products set name = name where id = 2`), 'a product').toBe(true);
    expect(await bumps(sql`update wellness_goals set position = position`), 'the wellness goals').toBe(true);
    expect(await bumps(sql`update payment_settings set cod_max_total = 5000`), 'the payment settings').toBe(true);
    // Stock moves with every order: only a count the product page shows ('Only 3 left', at or below 5).
    expect(await bumps(sql`update product_stock set quantity = 40 where product_id = 2`), 'stock 50 → 40').toBe(false);
    expect(await bumps(sql`update product_stock set quantity = 3 where product_id = 2`), 'stock 40 → 3').toBe(true);
    // A review counts once it is approved: cards and product pages show approved reviews only.
    const review = sql`insert into product_reviews (product_id, author, rating, title, body)
      values (2, 'Asha (memo test)', 5, 'Good', 'Helps my sleep.')`;
    expect(await bumps(review), 'a review waiting for the desk').toBe(false);
    const approve = sql`update product_reviews set status = 'approved' where author = 'Asha (memo test)'`;
    expect(await bumps(approve), 'the review approved').toBe(true);
  });
});
