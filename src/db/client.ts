// One database handle per process. DATABASE_URL → that PostgreSQL; unset → PGlite under DATA_DIR.
// Migrations from supabase/migrations run before the handle is handed out; an empty catalogue is seeded.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { applyMigrations, type SqlRunner } from './migrate';
import { seedCatalogueIfEmpty } from './seed';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

interface Connection {
  db: Db;
  runner: SqlRunner;
  close: () => Promise<void>;
}

export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR || './data');
}

async function connect(): Promise<Connection> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const sql = postgres(url, { max: Number(process.env.DATABASE_POOL_SIZE || 10), onnotice: () => {} });
    return {
      db: drizzle(sql, { schema }) as unknown as Db,
      runner: { exec: async (text) => { await sql.unsafe(text); }, query: async (text, params = []) => sql.unsafe(text, params as never[]) as unknown as Record<string, unknown>[] },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const dir = path.join(dataDir(), 'pglite');
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  // pg_trgm ships with PostgreSQL servers; PGlite loads it as an extension (product search).
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    runner: { exec: async (text) => { await client.exec(text); }, query: async (text, params = []) => (await client.query(text, params as unknown[])).rows as Record<string, unknown>[] },
    close: () => client.close(),
  };
}

let connection: Promise<Connection> | undefined;

async function open(): Promise<Connection> {
  const conn = await connect();
  await applyMigrations(conn.runner);
  await seedCatalogueIfEmpty(conn.db);
  installShutdownHooks();
  return conn;
}

/** The ready-to-use database (migrated and seeded). */
export async function getDb(): Promise<Db> {
  connection ??= open().catch((error) => { connection = undefined; throw error; });
  return (await connection).db;
}

export async function closeDb(): Promise<void> {
  if (!connection) return;
  const pending = connection;
  connection = undefined;
  await (await pending).close();
}

let hooksInstalled = false;
function installShutdownHooks() {
  if (hooksInstalled || process.env.VITEST) return;
  hooksInstalled = true;
  // PGlite keeps a timer alive and must flush its files: close it, then exit.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      closeDb().catch((error) => console.error('Closing the database failed', error))
        .finally(() => process.exit(0));
    });
  }
}
