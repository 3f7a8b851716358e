// A fresh, empty database: a new PGlite folder, or a new database on TEST_DATABASE_URL's server.
// Returns the variables a store process needs to use it (a shared PostgreSQL needs an AUTH_SECRET).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestDatabaseEnv {
  DATA_DIR: string;
  DATABASE_URL?: string;
  AUTH_SECRET?: string;
  MIGRATE_ON_START?: string;
}

export async function createTestDatabase(label = 'test'): Promise<TestDatabaseEnv> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `store-${label}-`));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { DATA_DIR: dataDir };
  const { default: postgres } = await import('postgres');
  const name = `store_${label}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString('base64url'), MIGRATE_ON_START: 'true' };
}
