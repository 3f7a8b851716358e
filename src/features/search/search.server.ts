// Product search: full-text search (weighted name and aliases > tags and categories > description
// and ingredients) and pg_trgm word similarity for misspellings, in one indexed query. The fields
// are kept by the products_search_fields trigger (migration 20261125090100).
import { desc, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { listByIds } from '../catalog/catalog.server';
import type { ProductSummary } from '../catalog/catalog.types';

export const SEARCH_RESULT_LIMIT = 48;
export const SUGGESTION_LIMIT = 6;
/** How alike a typed word must be to a word of the product's names (pg_trgm word_similarity). */
const MISSPELLING_THRESHOLD = '0.45';

const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function matchingIds(query: string, limit: number): Promise<number[]> {
  const q = query.toLowerCase();
  const english = sql`websearch_to_tsquery('english', ${q})`;
  const simple = sql`websearch_to_tsquery('simple', ${q})`;
  const wordMatch = sql`${t.products.searchVector} @@ ${english} or ${t.products.searchVector} @@ ${simple}`;
  const wordRank = sql`ts_rank(${t.products.searchVector}, ${english}) + ts_rank(${t.products.searchVector}, ${simple})`;
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Through the indexes, never a full scan: the planner prices the misspelling test (word_similarity,
    // the costliest per row) as cheap and scans every product once the catalogue is large (10 000: ~5×
    // slower than the two index scans). For this transaction only.
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    // Products with the words themselves first. When they fill the page (a broad word in a large
    // catalogue: 1 429 of 10 000 for 'ashwagandha') the misspelling and substring tests would only add
    // worse matches, and scoring them is most of the query's cost (30 ms → 12 ms there).
    const byWords = await tx
      .select({ id: t.products.id })
      .from(t.products)
      .where(wordMatch)
      .orderBy(desc(wordRank), t.products.id)
      .limit(limit);
    if (byWords.length === limit) return byWords.map((row) => row.id);
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${MISSPELLING_THRESHOLD}, true)`);
    const rows = await tx
      .select({ id: t.products.id })
      .from(t.products)
      .where(sql`${wordMatch} or ${q} <% ${t.products.searchText} or ${t.products.searchText} like ${likePattern(q)}`)
      .orderBy(desc(sql`${wordRank} + word_similarity(${q}, ${t.products.searchText})`), t.products.id)
      .limit(limit);
    return rows.map((row) => row.id);
  });
}

export interface SearchResults {
  /** The best matches first, at most SEARCH_RESULT_LIMIT. */
  products: ProductSummary[];
  /** More products match than are shown (a broad word in a large catalogue). */
  more: boolean;
}

/** Products for a query, best match first. */
export async function searchProducts(query: string): Promise<SearchResults> {
  if (!query) return { products: [], more: false };
  // One more than is shown tells whether there are more, without counting every match.
  const ids = await matchingIds(query, SEARCH_RESULT_LIMIT + 1);
  return { products: await listByIds(ids.slice(0, SEARCH_RESULT_LIMIT)), more: ids.length > SEARCH_RESULT_LIMIT };
}

/** Names and links for the search box's suggestions. */
export async function searchSuggestions(query: string): Promise<{ name: string; url: string }[]> {
  if (query.length < 2) return [];
  return (await listByIds(await matchingIds(query, SUGGESTION_LIMIT))).map((p) => ({
    name: p.name,
    url: `/product/${p.id}`,
  }));
}

/** What 'Nothing found' offers instead: the bestsellers. */
export async function bestsellers(limit = 4): Promise<ProductSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: t.products.id })
    .from(t.products)
    .where(sql`'bestseller' = any(${t.products.tags})`)
    .orderBy(t.products.featuredRank, t.products.id)
    .limit(limit);
  return listByIds(rows.map((row) => row.id));
}
