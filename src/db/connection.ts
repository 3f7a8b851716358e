// Opens the configured database: DATABASE_URL's PostgreSQL, or PGlite under DATA_DIR. PGlite cannot be
// shared between processes, so this process first takes an exclusive lock on its folder.
// Node loads this file directly for `npm run db:migrate` (type stripping): no extensionless imports.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import type { ServerEnv } from '../lib/env.server.ts';
import type { SqlRunner } from './migrate.ts';

export type RawConnection =
  | { kind: 'postgres'; sql: Sql; runner: SqlRunner; close: () => Promise<void> }
  | { kind: 'pglite'; client: PGlite; runner: SqlRunner; close: () => Promise<void> };

/** A reason not to start that retrying will not fix (the folder belongs to another process). */
export class StartupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefusal';
  }
}

export function resolveDataDir(config: Pick<ServerEnv, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR);
}

function postgresRunner(sql: Sql): SqlRunner {
  return {
    exec: async (text) => {
      await sql.unsafe(text);
    },
    query: async (text, params = []) => sql.unsafe(text, params as never[]) as unknown as Record<string, unknown>[],
    transaction: (fn) => sql.begin((tx) => fn(postgresRunner(tx as unknown as Sql))) as never,
  };
}

type PgliteExecutor = Pick<PGlite, 'exec' | 'query'> & Partial<Pick<PGlite, 'transaction'>>;
export function pgliteRunner(client: PgliteExecutor): SqlRunner {
  return {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async (text, params = []) =>
      (await client.query(text, params as unknown[])).rows as Record<string, unknown>[],
    transaction: (fn) => {
      if (!client.transaction) throw new Error('PGlite does not nest transactions');
      return client.transaction((tx) => fn(pgliteRunner(tx)));
    },
  };
}

// A live holder refreshes the lock every few seconds; a lock not refreshed for STALE_MS was left by a
// process that died (kill -9, power loss) and is taken over. Start-up waits that long before refusing.
const STALE_MS = 15_000;
const UPDATE_MS = 3_000;

/** Takes this process's exclusive lock on a PGlite folder; resolves to its release function. */
export async function lockDataFolder(dir: string): Promise<() => Promise<void>> {
  const { default: lockfile } = await import('proper-lockfile');
  const options = {
    stale: STALE_MS,
    update: UPDATE_MS,
    realpath: false, // the lock is the folder `<dir>.lock` beside it
    // Another process took the folder over (this one stalled longer than STALE_MS): stop writing at once.
    onCompromised: (error: Error) => {
      console.error(
        `Lost the lock on the data folder ${dir} (${error.message}); stopping so two processes never write it.`,
      );
      process.exit(1);
    },
  };
  try {
    return await lockfile.lock(dir, options);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
  }
  console.warn(`The data folder ${dir} is locked; waiting up to ${STALE_MS / 1000} s in case its holder is gone.`);
  try {
    return await lockfile.lock(dir, {
      ...options,
      retries: { retries: Math.ceil(STALE_MS / 1000) + 3, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
    });
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    throw new StartupRefusal(
      `The data folder ${dir} is in use by another store process. PGlite allows one process per folder: ` +
        'stop the other process, give this one its own DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
    );
  }
}

export async function openConnection(
  config: Pick<ServerEnv, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATA_DIR'>,
): Promise<RawConnection> {
  if (config.DATABASE_URL) {
    const { default: postgres } = await import('postgres');
    const sql = postgres(config.DATABASE_URL, { max: config.DATABASE_POOL_SIZE, onnotice: () => {} });
    return { kind: 'postgres', sql, runner: postgresRunner(sql), close: () => sql.end({ timeout: 5 }) };
  }
  const dir = path.join(resolveDataDir(config), 'pglite');
  mkdirSync(dir, { recursive: true });
  const release = await lockDataFolder(dir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    // pg_trgm ships with PostgreSQL servers; PGlite loads it as an extension (product search).
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    return {
      kind: 'pglite',
      client,
      runner: pgliteRunner(client),
      close: async () => {
        try {
          await client.close();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
