// Vitest global set-up for the database project: migrates and seeds one template database per run, the
// way the store does at start-up, so that each test file starts from a copy of it (a copied PGlite
// folder, or CREATE DATABASE … TEMPLATE on PostgreSQL) instead of running every migration and the seed.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { closeDb, getDb } from '../../src/db/client';
import { resetEnv } from '../../src/server/config/env.server';
import { createTestDatabase, dropTestDatabase, type TemplateDatabase } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

export default async function setup(project: TestProject) {
  const env = await createTestDatabase('template');
  const overrides: Record<string, string> = { DATABASE_URL: '', ...env };
  const saved = Object.fromEntries(Object.keys(overrides).map((key) => [key, process.env[key]]));
  Object.assign(process.env, overrides);
  resetEnv();
  try {
    await getDb();
  } finally {
    await closeDb();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnv();
  }
  const template: TemplateDatabase = env.DATABASE_URL
    ? { kind: 'postgres', name: new URL(env.DATABASE_URL).pathname.slice(1) }
    : { kind: 'pglite', pgliteDir: path.join(env.DATA_DIR, 'pglite') };
  project.provide('templateDatabase', template);
  return () => dropTestDatabase(env);
}
