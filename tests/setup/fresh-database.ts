// Vitest set-up for the database project: every test file gets its own copy of the run's template
// database (migrated and seeded once, see template-database.ts), opened lazily by the code under test,
// and removed when the file is done.
//
// The project runs its files one after another in each worker without isolation (vitest.config.ts):
// loading the store's modules afresh in a new process for each file cost more than the tests did. So
// each file starts here from a clean slate of its own: the environment the worker started with, and a
// fresh copy of the store's modules (vi.resetModules; the packages under node_modules stay loaded).
import { afterAll, inject, vi } from 'vitest';
import { cloneTestDatabase, dropTestDatabase } from './test-database';

const BASELINE = Symbol.for('vedara.tests.environment');
const holder = globalThis as typeof globalThis & { [BASELINE]?: NodeJS.ProcessEnv };
holder[BASELINE] ??= { ...process.env };
const baseline = holder[BASELINE];
for (const key of Object.keys(process.env)) if (!(key in baseline)) delete process.env[key];
Object.assign(process.env, baseline);

vi.resetModules();
const { closeDb } = await import('../../src/db/client');
const { resetEnv } = await import('../../src/lib/env.server');
const env = await cloneTestDatabase(inject('templateDatabase'), 'vitest');
delete process.env.DATABASE_URL;
Object.assign(process.env, env);
resetEnv();

afterAll(async () => {
  await closeDb();
  await dropTestDatabase(env);
});
