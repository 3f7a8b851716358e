// Vitest set-up for the database project: every test file gets its own copy of the run's template
// database (migrated and seeded once, see template-database.ts), opened lazily by the code under test,
// and removed when the file is done.
//
// The project runs its files one after another in each worker without isolation (vitest.config.ts):
// loading the store's modules afresh in a new process for each file cost more than the tests did. So
// each file starts here from a clean slate of its own: the environment the worker started with, and a
// fresh copy of the store's modules (vi.resetModules; the packages under node_modules stay loaded).
import { rmSync } from 'node:fs';
import { afterAll, inject, vi } from 'vitest';
import { cloneTestDatabase, dropTestDatabase, type TestDatabaseEnv } from './test-database';

const BASELINE = Symbol.for('vedara.tests.environment');
const holder = globalThis as typeof globalThis & { [BASELINE]?: NodeJS.ProcessEnv };
holder[BASELINE] ??= { ...process.env };
const baseline = holder[BASELINE];
for (const key of Object.keys(process.env)) if (!(key in baseline)) delete process.env[key];
Object.assign(process.env, baseline);

// A file whose tests are all skipped (database-faults on PGlite) never runs its afterAll: its copy is
// dropped here when the worker's next file begins. Test folders live in memory (/dev/shm), so none may stay.
const LEFT = Symbol.for('vedara.tests.databases-left');
const left = globalThis as typeof globalThis & { [LEFT]?: Set<TestDatabaseEnv> };
if (!left[LEFT]) {
  const databases = new Set<TestDatabaseEnv>();
  left[LEFT] = databases;
  // The worker's last file, if skipped: its folder goes when the worker ends (a PostgreSQL copy stays
  // until CI drops the run's databases by name).
  process.once('exit', () => {
    for (const database of databases) rmSync(database.DATA_DIR, { recursive: true, force: true });
  });
}
for (const database of left[LEFT]) {
  await dropTestDatabase(database);
  left[LEFT].delete(database);
}

vi.resetModules();
const { closeDb } = await import('../../src/db/client');
const { resetEnv } = await import('../../src/server/config/env.server');
const env = await cloneTestDatabase(inject('templateDatabase'), 'vitest');
left[LEFT].add(env);
delete process.env.DATABASE_URL;
Object.assign(process.env, env);
resetEnv();

afterAll(async () => {
  await closeDb();
  await dropTestDatabase(env);
  left[LEFT]?.delete(env);
});
