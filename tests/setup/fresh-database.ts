// Vitest set-up for the database project: every test file gets its own copy of the run's template
// database (migrated and seeded once, see template-database.ts), opened lazily by the code under test,
// and removed when the file is done.
import { afterAll, inject } from 'vitest';
import { closeDb } from '../../src/db/client';
import { resetEnv } from '../../src/lib/env.server';
import { cloneTestDatabase, dropTestDatabase } from './test-database';

const env = await cloneTestDatabase(inject('templateDatabase'), 'vitest');
delete process.env.DATABASE_URL;
Object.assign(process.env, env);
resetEnv();

afterAll(async () => {
  await closeDb();
  await dropTestDatabase(env);
});
