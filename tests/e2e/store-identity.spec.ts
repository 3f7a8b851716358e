// The store's identity as an operator configures it: a production start names every placeholder it
// keeps (and says no order ships under the placeholder GSTIN); what is configured reaches the
// server-rendered pages at once (a product page's consumer care). A real process of the built server.
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
});
