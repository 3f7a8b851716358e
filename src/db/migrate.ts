// Applies supabase/migrations/*.sql in file-name order, each once, each in its own transaction.
// Node loads this file directly for `npm run db:migrate` (type stripping): node builtins only.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SqlRunner {
  exec(text: string): Promise<void>;
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs fn in one transaction through the driver (commit on return, rollback on throw). */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
}

// Every migrator (replicas starting together, a db:migrate job) queues on this key, one migration at a time.
const MIGRATION_LOCK = 727272;

const MIGRATION_FILE = /^\d{14}_.+\.sql$/;

function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort();
}

async function appliedVersions(runner: SqlRunner): Promise<Set<string>> {
  const [{ exists }] = await runner.query(`select to_regclass('schema_migrations') is not null as exists`);
  if (!exists) return new Set();
  return new Set((await runner.query('select version from schema_migrations')).map((r) => String(r.version)));
}

/** Migration files not yet applied to this database. */
export async function pendingMigrations(runner: SqlRunner, dir: string): Promise<string[]> {
  const applied = await appliedVersions(runner);
  return migrationFiles(dir).filter((file) => !applied.has(file.slice(0, 14)));
}

/** Applies what is pending; returns the files this call applied (another migrator may have done the rest). */
export async function applyMigrations(runner: SqlRunner, dir: string): Promise<string[]> {
  const lock = (tx: SqlRunner) => tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
  await runner.transaction(async (tx) => {
    await lock(tx);
    await tx.exec(`create table if not exists schema_migrations (
      version text primary key, applied_at timestamptz not null default now())`);
  });
  const done: string[] = [];
  for (const file of await pendingMigrations(runner, dir)) {
    const version = file.slice(0, 14);
    const text = readFileSync(path.join(dir, file), 'utf8');
    const applied = await runner
      .transaction(async (tx) => {
        await lock(tx);
        // Holding the lock, look again: a migrator we waited for may have applied it meanwhile.
        if ((await tx.query('select 1 from schema_migrations where version = $1', [version])).length > 0) return false;
        await tx.exec(text);
        await tx.query('insert into schema_migrations (version) values ($1)', [version]);
        return true;
      })
      .catch((error: Error) => {
        throw new Error(`Migration ${file} failed: ${error.message}`);
      });
    if (applied) done.push(file);
  }
  return done;
}
