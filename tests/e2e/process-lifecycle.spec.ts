// The store as an operator runs it: real processes of the built server on the embedded database.
// Start-up refuses bad configuration and a data folder another process holds; SIGTERM lets a slow
// request finish before the database closes.
import { mkdtempSync, existsSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, startStore, stopAll, type StoreProcess } from '../support/store-processes';

const freshDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'store-process-'));
let stores: StoreProcess[] = [];
test.afterEach(async () => {
  await stopAll(stores);
  stores = [];
});
async function started(...args: Parameters<typeof startStore>) {
  const store = await startStore(...args);
  stores.push(store);
  return store;
}

const newsletter = (store: StoreProcess, email: string) =>
  fetch(`${store.url}/api/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: store.url },
    body: JSON.stringify({ email }),
  });

test('a bad configuration stops the start with a message naming the variable', async () => {
  const typo = await started({ DATA_DIR: freshDataDir(), SHUTDOWN_TIMEOUT_MS: '5s' }, { waitUntilReady: false });
  expect(await typo.exited).toBe(1);
  expect(typo.output()).toContain('SHUTDOWN_TIMEOUT_MS must be a whole number (digits only, e.g. 5000) (got "5s")');
  expect(typo.output()).not.toContain('Store ready');

  const noSecret = await started({ DATABASE_URL: 'postgres://store@127.0.0.1:5432/store' }, { waitUntilReady: false });
  expect(await noSecret.exited).toBe(1);
  expect(noSecret.output()).toContain('AUTH_SECRET is required with DATABASE_URL');
});

test('.env fills in what the real environment leaves unset', async () => {
  const dataDir = freshDataDir();
  const envFile = path.join(dataDir, '.env');
  // The file's PORT would not even validate: the real environment's PORT must win.
  writeFileSync(envFile, `PORT=not-a-port\nDATA_DIR=${path.join(dataDir, 'from-env-file')}\n`);
  const store = await started({ ENV_FILE: envFile });
  expect((await fetch(`${store.url}/api/health`)).status).toBe(200);
  expect(existsSync(path.join(dataDir, 'from-env-file', 'pglite'))).toBe(true);
});

test('a second process on the same data folder refuses to start; a killed holder does not block a restart', async () => {
  test.setTimeout(150_000);
  const dataDir = freshDataDir();
  const first = await started({ DATA_DIR: dataDir });
  expect((await newsletter(first, 'first@example.in')).status).toBe(201);

  // It stops at once, before it listens: it never answers a request (it used to serve 500s for ~35 s).
  const startedAt = Date.now();
  const second = await started({ DATA_DIR: dataDir }, { waitUntilReady: false });
  expect(await second.exited).toBe(1);
  expect(Date.now() - startedAt).toBeLessThan(10_000);
  expect(second.output()).toContain('is in use by another store process');
  expect(second.output()).not.toMatch(/listening|Store ready/i);
  // The first one never noticed.
  expect((await newsletter(first, 'still-first@example.in')).status).toBe(201);

  // kill -9 leaves the lock behind; once it is stale a new process takes the folder over.
  expect(await first.stop('SIGKILL')).toBeNull();
  const restarted = await started({ DATA_DIR: dataDir });
  expect((await fetch(`${restarted.url}/api/health`)).status).toBe(200);
});

function send(socket: Socket, text: string) {
  return new Promise<void>((resolve, reject) => socket.write(text, (error) => (error ? reject(error) : resolve())));
}
function answer(socket: Socket, until: RegExp) {
  return new Promise<string>((resolve) => {
    let text = '';
    const read = (chunk: Buffer) => {
      text += chunk;
      if (until.test(text)) {
        socket.off('data', read);
        resolve(text);
      }
    };
    socket.on('data', read);
  });
}
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = connect(port, '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', () => resolve(true));
  });

test('SIGTERM: new connections are refused, a slow request in flight still gets its answer, the data is kept', async () => {
  test.setTimeout(120_000);
  const dataDir = freshDataDir();
  const store = await started({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '30000' });

  // One connection the server has certainly accepted (it answered on it), then a request on it whose
  // body is still on its way when the signal comes.
  const socket = connect(store.port, '127.0.0.1');
  await send(socket, `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  expect(await answer(socket, /\{"ok":true\}/)).toMatch(/^HTTP\/1\.1 200/);
  const body = JSON.stringify({ email: 'slow-request@example.in' });
  const half = Math.floor(body.length / 2);
  await send(
    socket,
    `POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${store.url}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\n\r\n${body.slice(0, half)}`,
  );

  store.child.kill('SIGTERM');
  await expect.poll(() => store.output()).toContain('SIGTERM: finishing requests in flight');
  await expect.poll(() => refused(store.port)).toBe(true);

  const reply = answer(socket, /"status":"success"/);
  const closedByServer = new Promise((resolve) => socket.once('end', resolve));
  await send(socket, body.slice(half));
  expect(await reply).toMatch(/^HTTP\/1\.1 201/);
  await closedByServer; // not left idling in keep-alive
  expect(await store.exited).toBe(0);

  // The acknowledged subscription survived the stop, and the lock was released for the next start.
  const next = await started({ DATA_DIR: dataDir, PORT: String(await freePort()) });
  const again = await newsletter(next, 'slow-request@example.in');
  expect(again.status).toBe(200);
  expect((await again.json()).status).toBe('duplicate');
});
