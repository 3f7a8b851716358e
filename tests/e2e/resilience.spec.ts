// Keep serving (issue 21), with real processes of the built server: a guest cannot make the store hold an
// upload-sized body; while PostgreSQL is out of reach, pre-rendered pages keep serving and database pages
// answer 503 with Retry-After; when it is back the store recovers without a restart; and every store
// connection terminated during a checkout burst costs at most the requests in flight.
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, connect, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import {
  freePort,
  freshSharedDatabase,
  migrate,
  startStore,
  stopAll,
  type StoreProcess,
} from '../support/store-processes';
import { TEST_ADDRESS } from '../support/test-address';

const MB = 1024 * 1024;
const freshDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'store-resilience-'));
let stores: StoreProcess[] = [];
test.afterEach(async () => {
  // A test that failed or ran out of time keeps what its stores said, to read in CI's report.
  const testInfo = test.info();
  if (testInfo.status !== testInfo.expectedStatus)
    for (const [i, store] of stores.entries())
      await testInfo.attach(`store ${i + 1} output`, {
        body: store.output().slice(-20_000),
        contentType: 'text/plain',
      });
  await stopAll(stores);
  stores = [];
});
async function started(...args: Parameters<typeof startStore>) {
  const store = await startStore(...args);
  stores.push(store);
  return store;
}

/** The process's resident memory in MB (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

/** A return request's form around its unboxing video, as the order page's form sends it. */
const RETURN_FORM = {
  head:
    '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nreturn\r\n' +
    '--zz\r\nContent-Disposition: form-data; name="video"; filename="unboxing.mp4"\r\nContent-Type: video/mp4\r\n\r\n',
  tail: '\r\n--zz--\r\n',
};

/**
 * Streams `total` bytes as a chunked multipart post (no Content-Length), as fast as the server takes them:
 * bare bytes, or a file in `form`. Resolves with the status the server answered, and how much had been
 * sent when it did.
 */
function streamPost(
  url: string,
  total: number,
  form = { head: '', tail: '' },
): Promise<{ status: number | null; sent: number }> {
  return new Promise((resolve) => {
    let sent = 0;
    let status: number | null = null;
    const chunk = Buffer.alloc(64 * 1024, 120);
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=zz', origin: new URL(url).origin },
    });
    if (form.head) req.write(form.head);
    const done = () => resolve({ status, sent });
    req.on('response', (response) => {
      status = response.statusCode ?? null;
      response.resume();
      response.on('end', () => {
        req.destroy();
        done();
      });
    });
    req.on('error', done);
    const pump = () => {
      while (sent < total && status === null && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (sent >= total) req.end(form.tail);
    };
    pump();
  });
}

test('a guest’s streamed 58 MB posts are refused at 2 MB and the store’s memory stays put', async () => {
  test.setTimeout(120_000);
  const store = await started({ DATA_DIR: freshDataDir() });
  const pid = store.child.pid!;
  // Warm the pages first, so what is measured is the posts.
  await fetch(`${store.url}/order/VA-AAAAAAAA`);
  const before = rssMb(pid);
  let peak = before;
  const watch = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  try {
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(
        ['/order/VA-AAAAAAAA', '/admin/products/1/media', '/orders/VA-AAAAAAAA', '/order/VA-BBBBBBBB'].map((p) =>
          streamPost(`${store.url}${p}`, 58 * MB),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(413);
        expect(answer.sent).toBeLessThan(20 * MB); // the server stopped reading long before 58 MB
      }
    }
  } finally {
    clearInterval(watch);
  }
  console.log(`store RSS: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB during eight 58 MB posts`);
  // Before the fix each such post was held whole: eight took the store from 624 to 1988 MB.
  expect(peak - before).toBeLessThan(120);
  // Still serving.
  expect(store.child.exitCode, store.output()).toBeNull();
  expect((await fetch(`${store.url}/api/health`)).status).toBe(200);
});

test('an order holder’s chunked 40 MB upload streams to disk, memory stays put; past the cap it is refused with 413', async () => {
  test.setTimeout(180_000);
  // Steps, so that a run out of time says where it stood (it did once in CI, after 180 s).
  const store = await test.step('start a store', () => started({ DATA_DIR: freshDataDir() }));
  const pid = store.child.pid!;
  const placed = await test.step('place an order', async () => checkout(store, await cartFor(store), 1));
  expect(placed.status).toBe(201);
  // The order's signed link: whoever holds it is entitled to the return form's upload cap (about 59 MB).
  const orderLink = `${store.url}${placed.url}`;
  expect(orderLink).toMatch(/\/order\/VA-\w+\?token=/);
  expect((await test.step('open the order page', () => fetch(orderLink))).status).toBe(200);
  const before = rssMb(pid);
  let peak = before;
  const watch = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  let answer: Awaited<ReturnType<typeof streamPost>>;
  try {
    answer = await test.step('stream 40 MB to the return form', () => streamPost(orderLink, 40 * MB, RETURN_FORM));
  } finally {
    clearInterval(watch);
  }
  // Read to its end and answered by the page (an order not yet delivered cannot be returned), not refused.
  expect(answer.sent).toBe(40 * MB);
  expect(answer.status).not.toBe(413);
  expect(answer.status).toBeLessThan(500);
  console.log(
    `store RSS: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB during a 40 MB streamed upload (answered ${answer.status})`,
  );
  // Held whole in memory, the upload alone took 40 MB and more (the order page's clone kept a second copy).
  expect(peak - before).toBeLessThan(30);
  const tooLarge = await test.step('stream 70 MB, past the cap', () => streamPost(orderLink, 70 * MB, RETURN_FORM));
  expect(tooLarge.status).toBe(413);
  expect(store.child.exitCode, store.output()).toBeNull();
  expect((await fetch(orderLink)).status).toBe(200);
});

/** A new guest cart with one product on `store`: its cookie. */
async function cartFor(store: StoreProcess) {
  const cart = await fetch(`${store.url}/api/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: store.url },
    body: JSON.stringify({ intent: 'add', productId: 2, months: 1, quantity: 1 }),
  });
  expect(cart.status).toBeLessThan(300);
  return cart.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
/** A guest checkout of that cart: the status, the idempotency key it was sent with and the order's link. */
async function checkout(store: StoreProcess, cookie: string, n: number) {
  const idempotencyKey = `burst-${n}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const answer = await fetch(`${store.url}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: store.url, cookie },
    body: JSON.stringify({
      email: `burst-${n}@example.in`,
      phone: '9876543210',
      address: TEST_ADDRESS,
      usePoints: false,
      idempotencyKey,
    }),
  });
  const { url } = (await answer.json().catch(() => ({}))) as { url?: string };
  return { status: answer.status, key: idempotencyKey, url };
}

/** A TCP relay to PostgreSQL that the test can cut and restore, as a database restart or network loss would. */
class Relay {
  #server: Server | undefined;
  #sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    readonly target: { host: string; port: number },
  ) {}
  async open() {
    this.#server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.#server!.listen(this.port, '127.0.0.1', resolve));
  }
  async cut() {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  }
}

const serverUrl = process.env.TEST_DATABASE_URL;

test.describe('on PostgreSQL', () => {
  test.skip(!serverUrl, 'needs TEST_DATABASE_URL (a PostgreSQL server)');
  let relay: Relay | undefined;
  test.afterEach(async () => {
    await relay?.cut();
  });

  test('while PostgreSQL is out of reach: pre-rendered pages 200, database pages 503 with Retry-After; then it recovers', async () => {
    test.setTimeout(180_000);
    const database = await freshSharedDatabase('blink');
    expect((await migrate(database)).code).toBe(0);
    const real = new URL(database.DATABASE_URL);
    relay = new Relay(await freePort(), { host: real.hostname, port: Number(real.port || 5432) });
    await relay.open();
    const viaRelay = new URL(database.DATABASE_URL);
    viaRelay.port = String(relay.port);
    const store = await started({ ...database, DATABASE_URL: viaRelay.toString(), DATA_DIR: freshDataDir() });
    expect((await fetch(`${store.url}/search?q=tulsi`)).status).toBe(200);

    await relay.cut();
    expect((await fetch(`${store.url}/`)).status).toBe(200); // pre-rendered
    expect((await fetch(`${store.url}/our-story`)).status).toBe(200);
    expect((await fetch(`${store.url}/track`)).status).toBe(200); // needs the database only once a form is sent
    for (const page of [`/search?q=ashwagandha-${Date.now()}`, '/cart']) {
      const answer = await fetch(`${store.url}${page}`);
      expect(answer.status, page).toBe(503);
      expect(answer.headers.get('retry-after'), page).toBe('30');
      // The friendly page a browser shows, not a bare error.
      expect(answer.headers.get('content-type'), page).toMatch(/^text\/html/);
      expect(await answer.text(), page).toContain('We will be back in a moment');
    }
    const api = await fetch(`${store.url}/api/search?q=neem-${Date.now()}`);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('30');
    expect((await api.json()).error).toMatch(/cannot reach its database/);
    const health = await fetch(`${store.url}/api/health`);
    expect(health.status).toBe(503);

    await relay.open();
    await expect
      .poll(async () => (await fetch(`${store.url}/search?q=brahmi-${Date.now()}`)).status, { timeout: 30_000 })
      .toBe(200);
    expect((await fetch(`${store.url}/cart`)).status).toBe(200);
    expect(store.child.exitCode).toBeNull();
    expect(store.output()).toMatch(/the database is unavailable \(\w+/);
    // Each queue's worker failed on every poll while the database was away; the log says so once a
    // minute per error, not once per queue and poll.
    const engineLines = store.output().match(/^Job engine: .*$/gm) ?? [];
    console.log(`job engine lines while the database was away:\n${engineLines.join('\n')}`);
    expect(new Set(engineLines).size).toBe(engineLines.length);

    // With its database out of reach again, SIGTERM still ends the process within its shutdown timeout.
    await relay.cut();
    const stopping = Date.now();
    expect(await store.stop()).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(20_000);
  });

  test('every store connection terminated during a burst of page views: each view is rendered once more, not a 503', async () => {
    test.setTimeout(180_000);
    const database = await freshSharedDatabase('reads');
    expect((await migrate(database)).code).toBe(0);
    const store = await started({ ...database, DATA_DIR: freshDataDir() });
    const admin = postgres(database.DATABASE_URL, { max: 1, onnotice: () => {} });
    try {
      const cookie = await cartFor(store);
      for (let round = 0; round < 3; round++) {
        // Database pages the route cache cannot answer (a new search each, a shopper's cart), and their API.
        const views = Array.from({ length: 24 }, (_, n) => {
          const page = [`/search?q=tulsi-${round}-${n}-${Date.now()}`, '/cart', `/api/search?q=neem-${round}-${n}`][
            n % 3
          ];
          // Bounded, so that a view left without an answer is named (as 0) instead of using up the test's time.
          return fetch(`${store.url}${page}`, { headers: { cookie }, signal: AbortSignal.timeout(45_000) }).then(
            (answer) => ({ page, status: answer.status }),
            () => ({ page, status: 0 }),
          );
        });
        await new Promise((resolve) => setTimeout(resolve, 20 * (round + 1)));
        const ended = await admin`
          select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`;
        expect(ended.filter((row) => row.ended).length).toBeGreaterThan(0);
        const answers = await Promise.all(views);
        console.log(`round ${round}: ${answers.map((a) => a.status).join(' ')}`);
        for (const { page, status } of answers) expect(status, page).toBe(200);
      }
      expect(store.output()).toMatch(/Trying once more after a database fault/);
      expect(store.child.exitCode).toBeNull();
    } finally {
      await admin.end();
    }
  });

  test('every store connection terminated during a checkout burst: both stores stay up and answer at once', async () => {
    test.setTimeout(180_000);
    const database = await freshSharedDatabase('terminate');
    expect((await migrate(database)).code).toBe(0);
    const pair = await Promise.all([
      started({ ...database, DATA_DIR: freshDataDir() }),
      started({ ...database, DATA_DIR: freshDataDir() }),
    ]);
    const admin = postgres(database.DATABASE_URL, { max: 1, onnotice: () => {} });
    try {
      const carts = await Promise.all(Array.from({ length: 24 }, (_, n) => cartFor(pair[n % 2])));
      const burst = carts.map((cookie, n) => checkout(pair[n % 2], cookie, n));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const ended = await admin`
        select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`;
      expect(ended.length).toBeGreaterThan(0);
      const answers = await Promise.all(burst);
      console.log(`checkout burst: ${answers.map((a) => a.status).join(' ')}`);
      // A checkout cut off by the termination is tried once more (its idempotency key keeps it one order);
      // at worst it answers 503 with Retry-After, never a 500.
      for (const { status } of answers) expect([200, 201, 503]).toContain(status);
      // Both processes are up and serve the next requests.
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const store of pair) {
        expect(store.child.exitCode).toBeNull();
        expect((await fetch(`${store.url}/search?q=tulsi-${Date.now()}`)).status).toBe(200);
        expect((await checkout(store, await cartFor(store), 99)).status).toBeLessThan(300);
      }
      // Every acknowledged order is saved exactly once.
      for (const { key } of answers.filter((a) => a.status < 300)) {
        const rows = await admin`select count(*)::int as n from orders where idempotency_key = ${key}`;
        expect(rows[0].n, key).toBe(1);
      }
    } finally {
      await admin.end();
    }
  });
});
