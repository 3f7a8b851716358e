// Two real store processes on one PostgreSQL: a price edited through one is served by the other at
// once, although the other had the product page in its route cache (purged through LISTEN/NOTIFY).
// PGlite allows one process per database, so this runs only with TEST_DATABASE_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { createTestDatabase } from '../setup/test-database';
import { signIn } from './accounts';

test.skip(!process.env.TEST_DATABASE_URL, 'two processes need one PostgreSQL server (set TEST_DATABASE_URL)');

const OWNER = 'owner@vedara.test';
const PASSWORD = 'tulsi-leaf-42';
const children: ChildProcess[] = [];

const freePort = () => new Promise<number>((resolve, reject) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  }).on('error', reject);
});

/** Starts the built store (scripts/serve.mjs) on this database and waits until it answers. */
async function startStore(databaseUrl: string): Promise<string> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: origin, DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'store-process-')), STORE_OWNER_EMAILS: OWNER,
    },
    stdio: 'ignore',
  });
  children.push(child);
  await expect.poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, { timeout: 90_000, intervals: [250] }).toBe(200);
  return origin;
}

test.afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
});

async function pageOn(browser: Browser, baseURL: string) {
  return (await browser.newContext({ baseURL })).newPage();
}

test('a price edited through one process is what the other serves next', async ({ browser }) => {
  test.setTimeout(180_000);
  const { DATABASE_URL } = await createTestDatabase('processes');
  const first = await startStore(DATABASE_URL!);
  const second = await startStore(DATABASE_URL!);

  // A shopper on the second process: the product page is rendered once, then served from its cache.
  const shopper = await pageOn(browser, second);
  await shopper.goto('/product/2');
  expect((await shopper.goto('/product/2'))?.headers()['x-astro-cache']).toBe('HIT');

  // The owner changes the price through the first process.
  const owner = await pageOn(browser, first);
  await owner.goto('/sign-in');
  await owner.request.post('/api/auth/sign-up/email', { data: { name: 'Store Owner', email: OWNER, password: PASSWORD }, headers: { origin: first } });
  await owner.context().clearCookies();
  await owner.goto('/sign-in');
  await signIn(owner, OWNER, PASSWORD);
  await expect(owner).not.toHaveURL(/\/sign-in/);
  await owner.goto('/admin/products/2');
  const main = owner.getByRole('main');
  await main.getByLabel('MRP per pack (₹)').fill('2999');
  await main.getByLabel('Discount price per pack (₹)').fill('1234');
  await main.getByRole('button', { name: 'Save changes' }).click();
  await expect(main.getByRole('status')).toHaveText('Changes saved. The storefront shows them now.');

  // The second process dropped its cached page on the NOTIFY (delivered on commit, milliseconds; the
  // page's cache lifetime is an hour): its next answer is rendered afresh with the new price.
  await expect.poll(async () => (await shopper.goto('/product/2'))?.headers()['x-astro-cache'], { timeout: 5_000, intervals: [100] }).toBe('MISS');
  await expect(shopper.getByText('Price ₹1,234', { exact: true })).toBeVisible();
});
