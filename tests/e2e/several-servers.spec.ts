// Two built store processes on one PostgreSQL database, as behind a load balancer: the database, not
// either process, decides who gets the last unit and the last slot. Needs TEST_DATABASE_URL (CI's
// second run sets it); each run makes its own fresh database on that server.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import postgres from 'postgres';
import { freshSharedDatabase, migrate, startStore, stopAll, type StoreProcess } from '../support/store-processes';
import { TEST_ADDRESS } from '../support/test-address';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  console.log(
    'several-servers.spec.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server to run two stores on one database.',
  );
test.skip(!serverUrl, 'needs TEST_DATABASE_URL (a PostgreSQL server)');
test.describe.configure({ mode: 'serial' });

let database: Awaited<ReturnType<typeof freshSharedDatabase>>;
let sql: postgres.Sql;
let stores: StoreProcess[] = [];
const dataDirs: string[] = [];
const storeEnv = () => {
  const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'store-several-'));
  dataDirs.push(DATA_DIR);
  return { ...database, DATA_DIR };
};

test.beforeAll(async () => {
  database = await freshSharedDatabase('several');
  sql = postgres(database.DATABASE_URL, { max: 2, onnotice: () => {} });
});
test.afterAll(async () => {
  await stopAll(stores);
  await sql?.end();
});

test('a store on a database that lacks migrations refuses to start and says how to migrate', async () => {
  const store = await startStore(storeEnv(), { waitUntilReady: false });
  stores.push(store);
  expect(await store.exited).toBe(1);
  expect(store.output()).toMatch(/The database lacks \d+ migration\(s\).*Run `npm run db:migrate` first/s);
});

test('db:migrate applies the migrations once; two stores then start on the migrated database', async () => {
  test.setTimeout(120_000);
  const [first, second] = await Promise.all([migrate(database), migrate(database)]);
  expect([first.code, second.code]).toEqual([0, 0]);
  expect((await migrate(database)).output).toContain('The database is up to date.');
  stores = await Promise.all([startStore(storeEnv()), startStore(storeEnv())]);
});

async function shopper(store: StoreProcess): Promise<APIRequestContext> {
  return request.newContext({ baseURL: store.url, extraHTTPHeaders: { origin: store.url } });
}

const address = TEST_ADDRESS;

test('two shoppers on two servers race for the last unit: exactly one order, stock never below zero', async () => {
  const rows = await sql`select id from products order by id limit 3`;
  for (const [round, { id: productId }] of rows.entries()) {
    await sql`update product_stock set quantity = 1 where product_id = ${productId}`;
    const shoppers = await Promise.all(stores.map(shopper));
    for (const context of shoppers) {
      expect(
        (await context.post('/api/cart', { data: { intent: 'add', productId, months: 1, quantity: 1 } })).ok(),
      ).toBe(true);
    }
    const placed = await Promise.all(
      shoppers.map((context, i) =>
        context.post('/api/checkout', {
          data: {
            email: `race-${round}-${i}@example.in`,
            phone: '9876543210',
            idempotencyKey: `race-${round}-${i}-${Date.now()}-abcdef`,
            address,
          },
        }),
      ),
    );
    const statuses = placed.map((response) => response.status()).sort();
    expect(statuses).toEqual([201, 409]);
    const refusal = await placed.find((response) => response.status() === 409)!.json();
    expect(refusal.message).toMatch(/out of stock/);

    const [{ quantity }] = await sql`select quantity from product_stock where product_id = ${productId}`;
    expect(quantity).toBe(0);
    const [{ orders }] =
      await sql`select count(distinct order_id)::int as orders from order_lines where product_id = ${productId}`;
    expect(orders).toBe(1);
    await Promise.all(shoppers.map((context) => context.dispose()));
  }
});

function nextWeekday(offsetDays: number) {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  while ([0, 6].includes(date.getUTCDay())) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

test('two people on two servers book one appointment slot at once: exactly one booking', async () => {
  for (const [round, time] of ['10:00 AM', '11:00 AM', '03:00 PM'].entries()) {
    const date = nextWeekday(8 + round);
    const attempts = await Promise.all(
      stores.map((store, i) =>
        fetch(`${store.url}/api/appointments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: store.url },
          body: JSON.stringify({
            name: `Guest ${i}`,
            email: `slot-${round}-${i}@example.in`,
            phone: '9876543210',
            date,
            time,
            notes: '',
          }),
        }),
      ),
    );
    expect(attempts.map((response) => response.status).sort()).toEqual([201, 409]);
    const [{ bookings }] =
      await sql`select count(*)::int as bookings from appointments where date = ${date} and time = ${time}`;
    expect(bookings).toBe(1);
  }
});

test('the mail both servers queued goes out once: each mail sent on its first attempt, by one of the two', async () => {
  await expect
    .poll(async () => (await sql`select count(*)::int as waiting from email_outbox where status <> 'sent'`)[0].waiting)
    .toBe(0);
  const sent = (await sql`select id, attempts from email_outbox order by id`).map((row) => ({
    id: Number(row.id),
    attempts: row.attempts,
  }));
  expect(sent.length).toBeGreaterThanOrEqual(6); // an order confirmation per race, the booking mails
  expect(sent.every((mail) => mail.attempts === 1)).toBe(true);
  // Without SMTP_URL each store writes what it sends to its own DATA_DIR/mail: every mail is in one of them.
  const written = dataDirs
    .map((dir) => path.join(dir, 'mail'))
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => readdirSync(dir))
    .map((file) => Number.parseInt(file, 10))
    .sort((a, b) => a - b);
  expect(written).toEqual(sent.map((mail) => mail.id));
});
