// Databases for tests: a fresh, empty one (a new PGlite folder, or a new database on TEST_DATABASE_URL's
// server), or a copy of the run's template, migrated and seeded once (template-database.ts).
// Each returns the variables a store process needs to use it (a shared PostgreSQL needs an AUTH_SECRET).
import { randomBytes } from 'node:crypto';
import { accessSync, constants, cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestDatabaseEnv {
  DATA_DIR: string;
  DATABASE_URL?: string;
  AUTH_SECRET?: string;
  MIGRATE_ON_START?: string;
}

/** Where the run's template lives: a PGlite folder, or a database on TEST_DATABASE_URL's server. */
export type TemplateDatabase = { kind: 'pglite'; pgliteDir: string } | { kind: 'postgres'; name: string };

/** store_[<TEST_RUN_ID>_]<label>_<pid>_…: a run that sets TEST_RUN_ID (CI) can drop all of its own databases. */
export const uniqueDatabaseName = (label: string) =>
  `store_${process.env.TEST_RUN_ID ? `${process.env.TEST_RUN_ID}_` : ''}${label}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
    .replace(/[^a-z0-9_]/gi, '_')
    .toLowerCase();

/** Runs one statement on TEST_DATABASE_URL's server (CREATE/DROP DATABASE cannot run in a transaction). */
export async function onTestServer(statement: string): Promise<void> {
  const { default: postgres } = await import('postgres');
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

function serverDatabaseEnv(name: string, dataDir: string): TestDatabaseEnv {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    MIGRATE_ON_START: 'true',
  };
}

/**
 * Where test data folders go: memory (/dev/shm) where the machine has it, else the temporary folder.
 * Each database test file copies the ~40 MB PGlite template; on disk, writing those copies back to the
 * disk made the copying several times slower and its time varied from run to run.
 */
function testFolderRoot(): string {
  if (process.env.TEST_TMPDIR) return process.env.TEST_TMPDIR;
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

const newDataDir = (label: string) => mkdtempSync(path.join(testFolderRoot(), `store-${label}-`));

/** A fresh, empty database: migrations and seed run when the store first opens it. */
export async function createTestDatabase(label = 'test'): Promise<TestDatabaseEnv> {
  const dataDir = newDataDir(label);
  if (!process.env.TEST_DATABASE_URL) return { DATA_DIR: dataDir };
  const name = uniqueDatabaseName(label);
  await onTestServer(`create database "${name}"`);
  return serverDatabaseEnv(name, dataDir);
}

/** A copy of the template: already migrated and seeded, so opening it costs no migration or seed. */
export async function cloneTestDatabase(template: TemplateDatabase, label = 'test'): Promise<TestDatabaseEnv> {
  const dataDir = newDataDir(label);
  if (template.kind === 'pglite') {
    cpSync(template.pgliteDir, path.join(dataDir, 'pglite'), { recursive: true });
    return { DATA_DIR: dataDir };
  }
  const name = uniqueDatabaseName(label);
  await onTestServer(`create database "${name}" template "${template.name}"`);
  return serverDatabaseEnv(name, dataDir);
}

/** Removes a test database and its data folder (uploads, mail, PGlite files). */
export async function dropTestDatabase(env: TestDatabaseEnv): Promise<void> {
  if (env.DATABASE_URL)
    await onTestServer(`drop database if exists "${new URL(env.DATABASE_URL).pathname.slice(1)}" with (force)`);
  rmSync(env.DATA_DIR, { recursive: true, force: true });
}
