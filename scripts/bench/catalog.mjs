// A large catalogue for the scale bench: a fresh PostgreSQL database, and `count` products in total made
// by copying the seeded ones (with their categories, plans, FAQs, reviews, media and stock) under new
// slugs and names. Copies go in with SQL, after the server migrated and seeded the database.
import postgres from 'postgres';

/** Tables that describe a product; each row is copied for each generated product. */
const PRODUCT_TABLES = [
  'product_categories',
  'subscription_plans',
  'product_faqs',
  'product_reviews',
  'product_media',
  'product_stock',
];

export async function createDatabase(serverUrl, label) {
  const name = `store_bench_${label}_${Date.now().toString(36)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** Grows the seeded catalogue to `count` products; returns the count reached. */
export async function generateProducts(databaseUrl, count) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const total = await sql.begin(async (tx) => {
      const [{ seeded }] = await tx`select count(*)::int as seeded from products`;
      const copies = Math.max(0, count - seeded);
      const productColumns = (
        await tx`
        select column_name from information_schema.columns
        where table_name = 'products' and table_schema = 'public' and is_generated = 'NEVER' and column_name not in ('id', 'slug', 'name')`
      ).map((c) => c.column_name);
      const list = productColumns.map((c) => `"${c}"`).join(', ');
      // Copy n of template t: slug 'slug-n', name 'Name n'; map(new_id, template_id) for the child tables.
      await tx.unsafe(`
        create temp table generated on commit drop as
        with templates as (select id, slug, name, row_number() over (order by id) - 1 as i, count(*) over () as total from products),
             numbers as (select g from generate_series(0, ${copies - 1}) g)
        select t.id as template_id, t.slug || '-' || (n.g / t.total + 2) as slug, t.name || ' ' || (n.g / t.total + 2) as name
        from numbers n join templates t on t.i = n.g % t.total`);
      await tx.unsafe(`insert into products (slug, name, ${list}) select g.slug, g.name, ${productColumns.map((c) => `p."${c}"`).join(', ')}
        from generated g join products p on p.id = g.template_id`);
      for (const table of PRODUCT_TABLES) {
        const columns = (
          await tx`
          select column_name from information_schema.columns
          where table_name = ${table} and table_schema = 'public' and column_name <> 'product_id' and is_identity = 'NO' and is_generated = 'NEVER'`
        ).map((c) => `"${c.column_name}"`);
        await tx.unsafe(`insert into ${table} (product_id${columns.length ? `, ${columns.join(', ')}` : ''})
          select np.id${columns.length ? `, ${columns.map((c) => `t.${c}`).join(', ')}` : ''}
          from generated g join products np on np.slug = g.slug join ${table} t on t.product_id = g.template_id`);
      }
      const [{ total }] = await tx`select count(*)::int as total from products`;
      return total;
    });
    // What autovacuum does to a table soon after a bulk load (statistics for the planner, the visibility
    // map for index-only counts), done now so the bench measures the steady state, not the first minute.
    await sql`vacuum analyze`;
    return total;
  } finally {
    await sql.end();
  }
}
