// Vitest setup: every test file that touches the database gets its own fresh one (opened lazily).
import { afterAll } from 'vitest';
import { closeDb } from '../../src/db/client';
import { resetEnv } from '../../src/lib/env.server';
import { createTestDatabase } from './test-database';

const env = await createTestDatabase('vitest');
delete process.env.DATABASE_URL;
Object.assign(process.env, env);
resetEnv();

afterAll(async () => {
  await closeDb();
});
