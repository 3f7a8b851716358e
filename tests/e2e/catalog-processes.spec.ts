// Two real store processes on one PostgreSQL: a price or a wellness goal edited through one is served
// by the other at once, although the other had the product page in its route cache (purged through LISTEN/NOTIFY).
// PGlite allows one process per database, so this runs only with TEST_DATABASE_URL.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freshSharedDatabase, migrate, startStore, stopAll, type StoreProcess } from '../support/store-processes';
import { OWNER, ownerPage } from './accounts';

test.skip(!process.env.TEST_DATABASE_URL, 'two processes need one PostgreSQL server (set TEST_DATABASE_URL)');

const stores: StoreProcess[] = [];

test.afterAll(() => stopAll(stores));

test('a price edited through one process is what the other serves next', async ({ browser }) => {
  test.setTimeout(180_000);
  // One shared database and secret, migrated as a deploy does, then two stores on it.
  const database = await freshSharedDatabase('processes');
  expect((await migrate(database)).code).toBe(0);
  const storeEnv = () => ({
    ...database,
    STORE_OWNER_EMAILS: OWNER,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'store-process-')),
  });
  stores.push(...(await Promise.all([startStore(storeEnv()), startStore(storeEnv())])));
  const [first, second] = stores.map((store) => store.url);

  // A shopper on the second process: the product page is rendered once, then served from its cache.
  const shopper = await (await browser.newContext({ baseURL: second })).newPage();
  await shopper.goto('/product/2');
  expect((await shopper.goto('/product/2'))?.headers()['x-astro-cache']).toBe('HIT');

  // The owner changes the price through the first process.
  const owner = await ownerPage(browser, { baseURL: first });
  await owner.goto('/admin/products/2');
  const main = owner.getByRole('main');
  await main.getByLabel('MRP per pack (₹)').fill('2999');
  await main.getByLabel('Discount price per pack (₹)').fill('1234');
  await main.getByRole('button', { name: 'Save changes' }).click();
  await expect(main.getByRole('status')).toHaveText('Changes saved. The storefront shows them now.');

  // The second process dropped its cached page on the NOTIFY (delivered on commit, milliseconds; the
  // page's cache lifetime is an hour): its next answer is rendered afresh with the new price.
  await expect
    .poll(async () => (await shopper.goto('/product/2'))?.headers()['x-astro-cache'], {
      timeout: 5_000,
      intervals: [100],
    })
    .toBe('MISS');
  await expect(shopper.getByText('Price ₹1,234', { exact: true })).toBeVisible();

  // A wellness goal renamed through the first process: the second's cached product page and its
  // pre-rendered home page's cached goal cards (a server island) name it so at once.
  await shopper.goto('/product/1');
  expect((await shopper.goto('/product/1'))?.headers()['x-astro-cache']).toBe('HIT');
  const homeCards = async () => {
    const island = shopper.waitForResponse((r) => r.url().includes('/_server-islands/LiveWellnessPathCards'));
    await shopper.goto('/');
    return (await island).headers()['x-astro-cache'];
  };
  await expect.poll(homeCards, { message: "the home page's goal cards are kept" }).toBe('HIT');
  await owner.goto('/admin/wellness');
  const energy = owner.getByRole('form', { name: /^#energy/ });
  await energy.getByLabel('Display name').fill('Everyday Energy');
  await energy.getByRole('button', { name: 'Save #energy' }).click();
  await expect(owner.getByRole('main').getByRole('status')).toHaveText('Wellness goal saved.');
  await expect
    .poll(async () => (await shopper.goto('/product/1'))?.headers()['x-astro-cache'], {
      timeout: 5_000,
      intervals: [100],
    })
    .toBe('MISS');
  await expect(shopper.getByRole('main').getByRole('link', { name: 'Everyday Energy' })).toBeVisible();
  await shopper.goto('/');
  await expect(
    shopper.getByRole('region', { name: 'Find Your Wellness Path' }).getByRole('link', { name: 'Everyday Energy' }),
  ).toBeVisible();
});
