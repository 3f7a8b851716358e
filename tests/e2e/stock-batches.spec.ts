// Stock per batch at 390 px: the owner receives a batch on the product's page (a batch already too
// close to its expiry is refused), ships a customer's order from the batch they choose and sees where
// its packs went, and reads the near-expiry report (the seed's year-long moringa has an older batch
// nearing the shelf-life line). Every page passes axe and never scrolls sideways.
import { expect, type Page, test } from '@playwright/test';
import { ownerPage, signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { checkoutByApi } from './orders';
import { dayFromToday } from '../support/batches';

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

/** A new customer's one-pack order of Ashwagandha (product 2), placed through the checkout API. */
async function placeOrder(page: Page) {
  const email = `batches-${unique()}@example.in`;
  await signUp(page, email);
  const origin = new URL(page.url()).origin;
  const added = await page.request.post('/api/cart', {
    data: { intent: 'add', productId: 2, months: 1, quantity: 1 },
    headers: { origin },
  });
  expect(added.ok()).toBe(true);
  return (await checkoutByApi(page, email)).orderNumber;
}

test('the owner receives a batch, ships an order from it and reads the near-expiry report, at 390 px', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const orderNumber = await placeOrder(page);
  const owner = await ownerPage(browser, { viewport: { width: 390, height: 844 } });
  const main = owner.getByRole('main');
  const batchNumber = `AS-${unique().slice(-6).toUpperCase()}`;

  // Receiving: a batch already below the shelf-life line is refused at its expiry field, nothing added.
  await owner.goto('/admin/products/2#stock');
  const onSale = Number((await main.locator('#stock strong').first().textContent())!.replace(/\D/g, ''));
  await main.getByLabel('Batch number').fill(batchNumber);
  await main.getByLabel('Manufactured on').fill(dayFromToday(-600));
  await main.getByLabel('Expires on (use by)').fill(dayFromToday(100));
  await main.getByLabel('Packs received').fill('12');
  await main.getByRole('button', { name: 'Receive batch' }).click();
  await expect(main.getByRole('alert')).toContainText('This batch is already too close to its expiry to sell');
  await expect(main.getByLabel('Expires on (use by)')).toHaveAccessibleDescription(/too close to its expiry/);
  await expect(main.getByLabel('Batch number')).toHaveValue(batchNumber); // what was typed comes back
  await expectNoAxeViolations(owner, 'desk batch refused');
  await noSidewaysScroll(owner);

  // A fresh batch: on sale at once, listed with its dates and its last day to ship.
  await main.getByLabel('Manufactured on').fill(dayFromToday(-10));
  await main.getByLabel('Expires on (use by)').fill(dayFromToday(720));
  await main.getByRole('button', { name: 'Receive batch' }).click();
  await expect(main.getByRole('status')).toHaveText('Batch received: its packs are on sale now.');
  await expect(main.locator('#stock strong').first()).toHaveText(String(onSale + 12));
  const batches = main.getByRole('region', { name: 'Batches with packs left, first to expire first' });
  const row = batches.getByRole('row', { name: new RegExp(batchNumber) });
  await expect(row).toContainText('12');
  await expect(row).toContainText('Within the line');
  await expectNoAxeViolations(owner, 'desk product stock with batches');
  await noSidewaysScroll(owner);

  // Shipping: the owner picks the new batch (first-to-expire would take an older seed batch).
  await owner.goto(`/admin/orders/${orderNumber}`);
  await main.getByRole('button', { name: 'Confirm COD order' }).click();
  await expect(main.getByRole('status')).toContainText('Order marked confirmed');
  const batchChoice = main.getByLabel(/^Ashwagandha.*: 1 pack$/);
  await expect(batchChoice).toHaveValue(''); // first to expire (FEFO) unless chosen
  await expectNoAxeViolations(owner, 'desk order ship form with batches');
  await noSidewaysScroll(owner);
  const chosen = batchChoice.locator('option', { hasText: `${batchNumber}: 12 left` });
  await batchChoice.selectOption((await chosen.getAttribute('value'))!);
  await main.getByLabel('Courier').selectOption('Delhivery');
  await main.getByLabel('Tracking number').fill('DL-BATCH-1');
  await main.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(main.getByRole('status')).toContainText('Order marked shipped');
  await expect(main.getByText(new RegExp(`Shipped from batch ${batchNumber} \\(expires .+\\) × 1`))).toBeVisible();
  await expectNoAxeViolations(owner, 'desk order shipped from a batch');

  await owner.goto('/admin/products/2#stock');
  await expect(row).toContainText('11');

  // The report: the seed's older moringa batch is nearing the line; it links to the product's stock.
  await owner.getByRole('navigation', { name: 'Back office' }).getByText('Desk menu').click();
  await owner.getByRole('link', { name: 'Stock expiry' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Stock nearing expiry' })).toBeVisible();
  const report = main.getByRole('region', { name: 'Batches nearing or past the shelf-life line, soonest first' });
  const moringa = report.getByRole('row', { name: /Moringa/ });
  await expect(moringa).toContainText('Nearing the line');
  await expect(report).not.toContainText(batchNumber);
  await expectNoAxeViolations(owner, 'desk near-expiry report');
  await noSidewaysScroll(owner);
  await moringa.getByRole('link').click();
  await expect(owner).toHaveURL(/\/admin\/products\/11#stock$/);
});
