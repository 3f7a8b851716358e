// Opens the configured database: DATABASE_URL's PostgreSQL, or PGlite under DATA_DIR. PGlite cannot be
// shared between processes, so this process first takes an exclusive lock on its folder.
// Node loads this file directly for `npm run db:migrate` (type stripping): no extensionless imports.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import type { ServerEnv } from '../server/config/env.server.ts';
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
// process that died (kill -9, power loss) and is taken over. A lock not yet stale whose holder (named in
// `<dir>.owner`) is a live process on this machine is refused at once; any other lock is waited for, up to
// STALE_MS, in case its holder has just died.
const STALE_MS = 15_000;
const UPDATE_MS = 3_000;

// scripts/serve.mjs takes the lock before the server listens (Node loads this file directly), and the
// built server's own copy of this module finds it held here, under a registered symbol both copies share.
const HELD = Symbol.for('vedara.store.data-folder-locks');
const holder = globalThis as typeof globalThis & { [HELD]?: Map<string, Promise<() => Promise<void>>> };
holder[HELD] ??= new Map();
const held = holder[HELD];

function refusal(dir: string): StartupRefusal {
  return new StartupRefusal(
    `The data folder ${dir} is in use by another store process. PGlite allows one process per folder: ` +
      'stop the other process, give this one its own DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
  );
}

/** Whether the lock on `dir` is not stale and its holder is a process alive on this machine. */
function heldByLiveProcess(dir: string): boolean {
  try {
    const refreshed = statSync(`${dir}.lock`).mtimeMs;
    if (Date.now() - refreshed > STALE_MS) return false; // stale: taken over anyway
    const [pid, host] = readFileSync(`${dir}.owner`, 'utf8').trim().split(' ');
    if (host !== hostname() || !/^\d+$/.test(pid) || Number(pid) === process.pid) return false;
    try {
      process.kill(Number(pid), 0);
      return true;
    } catch (error) {
      return (error as { code?: string }).code === 'EPERM'; // alive, another user's
    }
  } catch {
    return false;
  }
}

async function takeLock(dir: string): Promise<() => Promise<void>> {
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
  const owned = (release: () => Promise<void>) => {
    writeFileSync(`${dir}.owner`, `${process.pid} ${hostname()}\n`);
    return release;
  };
  try {
    return owned(await lockfile.lock(dir, options));
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
  }
  if (heldByLiveProcess(dir)) throw refusal(dir);
  console.warn(`The data folder ${dir} is locked; waiting up to ${STALE_MS / 1000} s in case its holder is gone.`);
  try {
    return owned(
      await lockfile.lock(dir, {
        ...options,
        retries: { retries: Math.ceil(STALE_MS / 1000) + 3, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
      }),
    );
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    throw refusal(dir);
  }
}

/**
 * Takes this process's exclusive lock on a PGlite folder (or finds it already taken by this process);
 * resolves to its release function.
 */
export function lockDataFolder(dir: string): Promise<() => Promise<void>> {
  const taken = held.get(dir);
  if (taken) return taken;
  const taking = takeLock(dir).then((release) => {
    let released: Promise<void> | undefined;
    return () => {
      released ??= (async () => {
        held.delete(dir);
        rmSync(`${dir}.owner`, { force: true });
        await release();
      })();
      return released;
    };
  });
  held.set(dir, taking);
  taking.catch(() => held.delete(dir));
  return taking;
}

/** The PGlite folder of a configuration without DATABASE_URL. */
export const pgliteDir = (config: Pick<ServerEnv, 'DATA_DIR'>) => path.join(resolveDataDir(config), 'pglite');

/** Makes the PGlite folder if needed and takes its lock: its path and the release function. */
export async function holdPgliteFolder(config: Pick<ServerEnv, 'DATA_DIR'>) {
  const dir = pgliteDir(config);
  mkdirSync(dir, { recursive: true });
  return { dir, release: await lockDataFolder(dir) };
}

/** Seconds before a closed connection is opened again, after `retries` closes with an error in a row. */
export const reconnectDelay = (retries: number): number => Math.min(retries * 0.2, 5) * (0.5 + Math.random() / 2);

export async function openConnection(
  config: Pick<ServerEnv, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATA_DIR'>,
): Promise<RawConnection> {
  if (config.DATABASE_URL) {
    const { default: postgres } = await import('postgres');
    const sql = postgres(config.DATABASE_URL, {
      max: config.DATABASE_POOL_SIZE,
      onnotice: () => {},
      // A server out of reach answers within 10 s, not the driver's 30 (pages answer 503 meanwhile).
      connect_timeout: 10,
      // A closed connection is opened again after this many seconds. The driver counts every close with an
      // error, so one restart that ends the whole pool (10 connections) made its default wait 10–20 s before
      // the next query could run; this one grows by 0.2 s per close, up to 5 s while the server stays away.
      backoff: reconnectDelay,
    });
    return { kind: 'postgres', sql, runner: postgresRunner(sql), close: () => sql.end({ timeout: 5 }) };
  }
  const { dir, release } = await holdPgliteFolder(config);
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
