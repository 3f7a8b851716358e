// The store's identity as an operator configures it: a production start names every placeholder it
// keeps (and says no order ships under the placeholder GSTIN), on its output and on every desk page;
// what is configured reaches the server-rendered pages at once (a product page's consumer care, the care
// address a page with a stale link names). A real
// process of the built server.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startStore, stopAll, type StoreProcess } from '../support/store-processes';
import { expectNoAxeViolations } from './axe';

let stores: StoreProcess[] = [];
test.afterEach(async () => {
  await stopAll(stores);
  stores = [];
});

test('a production start warns of the placeholders it keeps; the configured care line shows on product pages', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-identity-'));
  const store = await startStore({
    DATA_DIR: dataDir,
    STORE_LEGAL_NAME: 'Sahyadri Herbals LLP',
    STORE_CARE_PHONE: '020 4123 4567',
    STORE_CARE_EMAIL: 'care@sahyadri.example',
    STORE_OWNER_EMAILS: 'owner@sahyadri.example',
  });
  stores.push(store);
  const output = store.output();
  expect(output).toContain("Warning: the store's identity still has placeholder values: STORE_ADDRESS, STORE_GSTIN");
  expect(output).toContain('No tax invoice is issued, so no order ships, until STORE_GSTIN is set.');
  expect(output).not.toMatch(/placeholder values:.*STORE_LEGAL_NAME/);

  await page.goto(`${store.url}/product/2`);
  const care = page.getByRole('main').getByText('020 4123 4567');
  await expect(care).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Consumer Care, Sahyadri Herbals LLP');
  await expect(page.getByRole('main')).toContainText('care@sahyadri.example');
  await expectNoAxeViolations(page, 'product page with the configured consumer care');

  // A link from an old mail that no longer holds points the shopper to the configured care address.
  for (const link of [
    '/back-in-stock/cancel?r=1&e=a%40example.in&t=forged',
    '/newsletter/unsubscribe?email=a%40example.in&token=forged',
  ]) {
    await page.goto(`${store.url}${link}`);
    await expect(page.getByRole('main').getByRole('alert'), link).toContainText('write to care@sahyadri.example');
  }

  // Every desk page tells the owner which placeholders remain, and that nothing ships under the GSTIN's.
  const origin = store.url;
  const owner = { name: 'Sahyadri Owner', email: 'owner@sahyadri.example', password: 'tulsi-leaf-42' };
  await page.request.post(`${origin}/api/auth/sign-up/email`, { data: owner, headers: { origin } });
  const signedIn = await page.request.post(`${origin}/api/auth/sign-in/email`, {
    data: { email: owner.email, password: owner.password },
    headers: { origin },
  });
  expect(signedIn.ok(), 'owner sign-in').toBe(true);
  for (const desk of ['/admin', '/admin/orders', '/admin/grievances']) {
    await page.goto(`${origin}${desk}`);
    const warning = page.getByRole('note').filter({ hasText: 'placeholder details' });
    await expect(warning, desk).toContainText(
      'This store still shows placeholder details where the law asks for its own: registered address (STORE_ADDRESS), GSTIN (STORE_GSTIN)',
    );
    await expect(warning, desk).toContainText('No tax invoice can be issued, so orders cannot be shipped');
    await expect(warning, desk).not.toContainText('legal name');
  }
  await expectNoAxeViolations(page, 'desk page with the placeholder warning');
});
