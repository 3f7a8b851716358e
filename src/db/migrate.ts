// Applies supabase/migrations/*.sql in file-name order, each once, each in its own transaction.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SqlRunner {
  exec(text: string): Promise<void>;
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

export function migrationsDir(): string {
  return path.resolve(process.env.MIGRATIONS_DIR || 'supabase/migrations');
}

export async function applyMigrations(runner: SqlRunner, dir = migrationsDir()): Promise<string[]> {
  await runner.exec(`create table if not exists schema_migrations (
    version text primary key, applied_at timestamptz not null default now())`);
  const files = readdirSync(dir).filter((f) => /^\d{14}_.+\.sql$/.test(f)).sort();
  const applied = new Set((await runner.query('select version from schema_migrations')).map((r) => String(r.version)));
  const done: string[] = [];
  for (const file of files) {
    const version = file.slice(0, 14);
    if (applied.has(version)) continue;
    const sql = readFileSync(path.join(dir, file), 'utf8');
    // A lock makes concurrent starters on one PostgreSQL wait instead of racing; the insert's
    // primary key makes a lost race roll back.
    await runner.exec(`begin;
      select pg_advisory_xact_lock(727272);
      ${sql}
      ;insert into schema_migrations (version) values ('${version}');
      commit;`).catch(async (error) => {
      await runner.exec('rollback').catch(() => {});
      const again = await runner.query('select 1 from schema_migrations where version = $1', [version]);
      if (again.length === 0) throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
    });
    done.push(file);
  }
  return done;
}
