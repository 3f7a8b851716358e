// The migration step on a real database: replicas (or a db:migrate job and a replica) migrating one
// fresh database at once both succeed and apply each migration exactly once; a failing migration
// leaves nothing half-applied.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openConnection } from '../../src/db/connection';
import { applyMigrations, pendingMigrations } from '../../src/db/migrate';
import { createTestDatabase, dropTestDatabase } from '../setup/test-database';

const migrationsDir = path.resolve('supabase/migrations');
const open = (database: { DATABASE_URL?: string; DATA_DIR: string }) =>
  openConnection({ DATABASE_POOL_SIZE: 3, ...database });

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations on PostgreSQL (TEST_DATABASE_URL)', () => {
  it('two migrators starting together on one fresh database both succeed, each migration applied once', async () => {
    const database = await createTestDatabase('migrate');
    const [first, second] = await Promise.all([open(database), open(database)]);
    try {
      const expected = await pendingMigrations(first.runner, migrationsDir);
      expect(expected.length).toBeGreaterThan(5);
      const [a, b] = await Promise.all([
        applyMigrations(first.runner, migrationsDir),
        applyMigrations(second.runner, migrationsDir),
      ]);
      expect([...a, ...b].sort()).toEqual(expected);
      const rows = await first.runner.query('select version from schema_migrations order by version');
      expect(rows.map((r) => r.version)).toEqual(expected.map((f) => f.slice(0, 14)));
      expect(await pendingMigrations(second.runner, migrationsDir)).toEqual([]);
      expect(await applyMigrations(second.runner, migrationsDir)).toEqual([]);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await dropTestDatabase(database);
    }
  });
});

describe('a failing migration', () => {
  it('rolls back whole (through the driver transaction) and names the file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'store-migrations-'));
    writeFileSync(path.join(dir, '20990101000000_first.sql'), 'create table first_step (id int primary key);');
    writeFileSync(
      path.join(dir, '20990101000100_broken.sql'),
      'create table half_done (id int);\ninsert into nowhere values (1);',
    );
    const database = await createTestDatabase('migrate-fail');
    const connection = await open(database);
    try {
      await expect(applyMigrations(connection.runner, dir)).rejects.toThrow(
        /Migration 20990101000100_broken\.sql failed: .*nowhere/,
      );
      const [{ first, half }] = await connection.runner.query(
        `select to_regclass('first_step') is not null as first, to_regclass('half_done') is not null as half`,
      );
      expect({ first, half }).toEqual({ first: true, half: false });
      expect(await pendingMigrations(connection.runner, dir)).toEqual(['20990101000100_broken.sql']);
    } finally {
      await connection.close();
      await dropTestDatabase(database);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
