// Real store processes for tests: the built server (dist/, via scripts/serve.mjs) started as its own
// Node process with the environment a test gives it, as operators run it. Needs `npm run test:build`
// first. Used by tests/e2e specs that check what only several processes can show (locks, races,
// shutdown, caches shared through PostgreSQL).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { createTestDatabase, type TestDatabaseEnv } from '../setup/test-database.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface StoreProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends a signal (SIGTERM by default) and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A fresh database on TEST_DATABASE_URL's PostgreSQL server, not migrated, with the secret its servers share. */
export async function freshSharedDatabase(
  label: string,
): Promise<Required<Pick<TestDatabaseEnv, 'DATABASE_URL' | 'AUTH_SECRET'>>> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const database = await createTestDatabase(label);
  return { DATABASE_URL: database.DATABASE_URL!, AUTH_SECRET: randomBytes(32).toString('base64url') };
}

function run(script: string, env: Record<string, string>) {
  // The environment is the test's, not the developer's shell or .env.
  return spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ENV_FILE: '', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function capture(child: ChildProcess) {
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { output: () => text, exited };
}

/** `npm run db:migrate` with this environment; resolves with its exit code and output. */
export async function migrate(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { output, exited } = capture(run('scripts/migrate.mjs', env));
  const code = await exited;
  return { code, output: output() };
}

/**
 * Starts a store process and waits until it is ready (its health check answers 200) or has exited.
 * `env` is the whole configuration (DATA_DIR or DATABASE_URL …); PORT is chosen when not given.
 */
export async function startStore(env: Record<string, string>, { waitUntilReady = true } = {}): Promise<StoreProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = run('scripts/serve.mjs', {
    ...env,
    PORT: String(port),
    SITE_URL: env.SITE_URL ?? `http://127.0.0.1:${port}`,
  });
  const { output, exited } = capture(child);
  const store: StoreProcess = {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (waitUntilReady) {
    const ready = new Promise<void>((resolve) =>
      child.stdout?.on('data', () => {
        if (output().includes('Store ready')) resolve();
      }),
    );
    const ended = exited.then((code) => {
      throw new Error(`The store exited (${code}) before it was ready:\n${output()}`);
    });
    await Promise.race([ready, ended]);
  }
  return store;
}

/** Stops every given store (SIGTERM), whatever state it is in. */
export async function stopAll(stores: (StoreProcess | undefined)[]) {
  await Promise.all(stores.map((store) => store?.stop()));
}
