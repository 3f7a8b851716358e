// The Drizzle tables (src/db) are a hand-kept mirror of supabase/migrations: compare them with the
// database the migrations build — tables, columns (type, nullability), primary keys, unique keys,
// foreign keys, and every index Drizzle names. The database may hold indexes Drizzle does not mention
// (query-plan only), never the other way round.
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { getDb } from '../../src/db/client';
import * as schema from '../../src/db/schema';

const tables = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));
const key = (columns: string[]) => [...columns].sort().join(',');

/** Drizzle's SQL type, spelled as format_type() spells it. */
function sqlType(column: PgColumn): string {
  return column
    .getSQLType()
    .replace(/^timestamp$/, 'timestamp without time zone')
    .replace(/^varchar/, 'character varying');
}

async function databaseShape() {
  const db = await getDb();
  const rows = async <T>(query: string) => (await db.execute(query)) as unknown as T[] | { rows: T[] };
  const list = async <T>(query: string): Promise<T[]> => {
    const r = await rows<T>(query);
    return Array.isArray(r) ? r : r.rows;
  };
  const columns = await list<{ table: string; column: string; type: string; notnull: boolean }>(`
    select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`);
  const constraints = await list<{
    table: string;
    kind: string;
    columns: string[];
    foreign_table: string | null;
    foreign_columns: string[] | null;
    on_delete: string;
  }>(`
    select c.relname as table, k.contype as kind,
      array(select a.attname from unnest(k.conkey) u(n) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n)::text[] as columns,
      f.relname as foreign_table,
      array(select a.attname from unnest(k.confkey) u(n) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n)::text[] as foreign_columns,
      k.confdeltype as on_delete
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_class f on f.oid = k.confrelid
    where n.nspname = 'public' and k.contype in ('p', 'u', 'f')`);
  const indexes = await list<{ table: string; name: string }>(
    `select tablename as table, indexname as name from pg_indexes where schemaname = 'public'`,
  );
  return { columns, constraints, indexes };
}

const ON_DELETE: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

it('the Drizzle schema matches the database the migrations build', async () => {
  const shape = await databaseShape();
  const problems: string[] = [];
  const databaseTables = new Set(shape.columns.map((c) => c.table));
  for (const table of tables) {
    if (!databaseTables.has(table.name)) {
      problems.push(`${table.name}: no such table in the database`);
      continue;
    }
    const dbColumns = new Map(shape.columns.filter((c) => c.table === table.name).map((c) => [c.column, c]));
    for (const column of table.columns) {
      const db = dbColumns.get(column.name);
      if (!db) {
        problems.push(`${table.name}.${column.name}: no such column in the database`);
        continue;
      }
      if (db.type !== sqlType(column))
        problems.push(`${table.name}.${column.name}: database ${db.type}, Drizzle ${sqlType(column)}`);
      if (db.notnull !== column.notNull)
        problems.push(
          `${table.name}.${column.name}: database ${db.notnull ? 'not null' : 'nullable'}, Drizzle ${column.notNull ? 'not null' : 'nullable'}`,
        );
      dbColumns.delete(column.name);
    }
    for (const extra of dbColumns.keys())
      problems.push(`${table.name}.${extra}: in the database, missing from Drizzle`);

    const constraints = shape.constraints.filter((c) => c.table === table.name);
    const dbPrimary = constraints.find((c) => c.kind === 'p');
    const drizzlePrimary =
      table.primaryKeys[0]?.columns.map((c) => c.name) ?? table.columns.filter((c) => c.primary).map((c) => c.name);
    if (key(dbPrimary?.columns ?? []) !== key(drizzlePrimary))
      problems.push(`${table.name}: primary key database (${dbPrimary?.columns}) Drizzle (${drizzlePrimary})`);

    const dbUniques = new Set(constraints.filter((c) => c.kind === 'u').map((c) => key(c.columns)));
    const drizzleUniques = new Set([
      ...table.uniqueConstraints.map((u) => key(u.columns.map((c) => c.name))),
      ...table.columns.filter((c) => c.isUnique).map((c) => c.name),
    ]);
    for (const u of dbUniques)
      if (!drizzleUniques.has(u)) problems.push(`${table.name}: unique (${u}) in the database, missing from Drizzle`);
    for (const u of drizzleUniques)
      if (!dbUniques.has(u)) problems.push(`${table.name}: unique (${u}) in Drizzle, missing from the database`);

    const foreignKeyText = (columns: string[], foreignTable: string, foreignColumns: string[], onDelete: string) =>
      `(${columns}) → ${foreignTable}(${foreignColumns}) on delete ${onDelete}`;
    const dbForeign = new Set(
      constraints
        .filter((c) => c.kind === 'f')
        .map((c) => foreignKeyText(c.columns, c.foreign_table ?? '', c.foreign_columns ?? [], ON_DELETE[c.on_delete])),
    );
    const drizzleForeign = new Set(
      table.foreignKeys.map((fk) => {
        const ref = fk.reference();
        return foreignKeyText(
          ref.columns.map((c) => c.name),
          getTableConfig(ref.foreignTable).name,
          ref.foreignColumns.map((c) => c.name),
          fk.onDelete ?? 'no action',
        );
      }),
    );
    for (const fk of dbForeign)
      if (!drizzleForeign.has(fk))
        problems.push(`${table.name}: foreign key ${fk} in the database, missing from Drizzle`);
    for (const fk of drizzleForeign)
      if (!dbForeign.has(fk)) problems.push(`${table.name}: foreign key ${fk} in Drizzle, missing from the database`);

    const dbIndexes = new Set(shape.indexes.filter((i) => i.table === table.name).map((i) => i.name));
    for (const index of table.indexes) {
      if (!dbIndexes.has(index.config.name ?? ''))
        problems.push(`${table.name}: index ${index.config.name} in Drizzle, missing from the database`);
    }
  }
  const drizzleTables = new Set(tables.map((t) => t.name));
  for (const name of databaseTables) {
    if (!drizzleTables.has(name) && name !== 'schema_migrations')
      problems.push(`${name}: table in the database, missing from Drizzle`);
  }
  expect(problems).toEqual([]);
});
