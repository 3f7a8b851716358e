// Starts the production server (scripts/serve.mjs) on a fresh database for the bench, and stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** databaseUrl: a PostgreSQL database, or nothing for a fresh embedded one; env: more settings (ROUTE_CACHE_MB). */
export async function startServer({ port, databaseUrl, env = {} }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      // A PostgreSQL store needs a shared secret and, in the bench, migrates its fresh database itself.
      AUTH_SECRET: 'bench-only-secret-not-for-production-use',
      MIGRATE_ON_START: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('Store ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  child.stdout.resume();
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
