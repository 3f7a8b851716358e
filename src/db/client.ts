// One database handle per process. DATABASE_URL → that PostgreSQL; unset → PGlite under DATA_DIR.
// Migrations run here only when MIGRATE_ON_START says so (default: PGlite yes, PostgreSQL no — there
// `npm run db:migrate` is its own step); otherwise a database with pending migrations refuses to start.
// An empty catalogue is seeded (under an advisory lock, so replicas starting together seed once).
import path from 'node:path';
import { env } from '../server/config/env.server';
import { onShutdown } from '../server/process/shutdown.server';
import * as schema from './schema';
import type { Db, Tx } from './database';
import { openConnection, resolveDataDir, StartupRefusal, type RawConnection } from './connection';
import { applyMigrations, pendingMigrations } from './migrate';
import { seedCatalogueIfEmpty } from './seed';

/** Modules import the types from here, beside getDb (they live in database.ts for the seed). */
export type { Db, Tx };

/** Called with each NOTIFY payload; `onListen` once listening and again after a reconnection, when notifications may have been missed. */
export interface ChannelHandlers {
  onNotify: (payload: string) => void;
  onListen: () => void;
}

interface Connection {
  db: Db;
  raw: RawConnection;
}

export function dataDir(): string {
  return resolveDataDir(env());
}

export function migrationsDir(): string {
  return path.resolve(env().MIGRATIONS_DIR);
}

async function withDrizzle(raw: RawConnection): Promise<Db> {
  if (raw.kind === 'postgres') {
    const { drizzle } = await import('drizzle-orm/postgres-js');
    return drizzle(raw.sql, { schema }) as unknown as Db;
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  return drizzle(raw.client, { schema }) as unknown as Db;
}

let connection: Promise<Connection> | undefined;

async function open(): Promise<Connection> {
  const config = env();
  const raw = await openConnection(config);
  try {
    if (config.MIGRATE_ON_START) {
      await applyMigrations(raw.runner, migrationsDir());
    } else {
      const pending = await pendingMigrations(raw.runner, migrationsDir());
      if (pending.length > 0) {
        throw new StartupRefusal(
          `The database lacks ${pending.length} migration(s) (${pending.join(', ')}). ` +
            'Run `npm run db:migrate` first, or set MIGRATE_ON_START=true.',
        );
      }
    }
    const db = await withDrizzle(raw);
    await seedCatalogueIfEmpty(db);
    onShutdown('close', closeDb);
    return { db, raw };
  } catch (error) {
    await raw.close();
    throw error;
  }
}

/** The ready-to-use database (migrated and seeded). */
export async function getDb(): Promise<Db> {
  connection ??= open().catch((error) => {
    connection = undefined;
    throw error;
  });
  return (await connection).db;
}

/** The open connection under the Drizzle handle (the job engine connects beside it). */
export async function rawConnection(): Promise<RawConnection> {
  await getDb();
  return (await connection!).raw;
}

/** LISTEN on a channel with the process's database (PGlite in-process, or a dedicated PostgreSQL connection). */
export async function listen(channel: string, { onNotify, onListen }: ChannelHandlers): Promise<void> {
  const raw = await rawConnection();
  if (raw.kind === 'postgres') {
    // postgres.js keeps one extra connection for LISTEN and re-listens after it reconnects (onListen again).
    await raw.sql.listen(channel, onNotify, onListen);
  } else {
    await raw.client.listen(channel, onNotify);
    onListen();
  }
}

export async function closeDb(): Promise<void> {
  if (!connection) return;
  const pending = connection;
  connection = undefined;
  await (await pending).raw.close();
}
