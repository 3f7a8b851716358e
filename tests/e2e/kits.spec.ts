// Regimen kits at 390 px: the seeded Stress & Sleep Kit's page lists what it holds and shows
// "Frequently bought together"; a shopper buys the kit, and the desk shows one pack fewer of each
// product inside it (ashwagandha and melatonin) and the kit's contents with their packs on sale.
// Every page passes axe and never scrolls sideways.
import { expect, type Page, test } from '@playwright/test';
import { ownerPage, signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { fillCheckout } from './checkout-form';
import { whenHydrated } from './hydration';

const PHONE = { width: 390, height: 844 };
const KIT = 15;
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

/** The packs on sale the desk shows for a product. */
async function deskPacks(owner: Page, productId: number) {
  await owner.goto(`/admin/products/${productId}#stock`);
  const text = await owner.getByRole('main').locator('#stock strong').first().textContent();
  return Number(text!.replace(/\D/g, ''));
}

test.use({ viewport: PHONE });

test('a shopper buys the Stress & Sleep Kit and the desk shows its products’ stock reduced, at 390 px', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerPage(browser, { viewport: PHONE });
  const before = { ashwagandha: await deskPacks(owner, 2), melatonin: await deskPacks(owner, 4) };

  // The kit's page: its contents, declared and linked, and what is bought with it.
  const email = `kit-${unique()}@example.in`;
  await signUp(page, email);
  await page.goto(`/product/${KIT}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Stress & Sleep Kit' })).toBeVisible();
  const contents = page.locator('#kit-contents');
  await expect(contents.getByRole('link', { name: 'Ashwagandha Root Extract' })).toHaveAttribute('href', '/product/2');
  await expect(contents).toContainText('Deep Sleep Melatonin with Brahmi & Jatamansi × 1 pack');
  await expect(page.locator('#declarations')).toContainText('Ashwagandha Root Extract: 1 pack of 60 capsules');
  const together = page.getByRole('region', { name: 'Frequently bought together' });
  await together.scrollIntoViewIfNeeded();
  await expect(together.getByRole('listitem')).toHaveCount(3);
  await expectNoAxeViolations(page, 'kit product page');
  await noSidewaysScroll(page);

  // Bought: added on its page, ordered through the checkout form as a shopper fills it (cash on delivery).
  const add = page.getByRole('button', { name: 'Add to Cart' }).first();
  await whenHydrated(add);
  await add.click();
  await expect(page.getByRole('link', { name: /Cart, 1 item/ }).first()).toBeAttached();
  await fillCheckout(page, { email });
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText('Stress & Sleep Kit');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/VA-/);
  const orderNumber = new URL(page.url()).pathname.split('/').pop()!;
  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByRole('main')).toContainText('Stress & Sleep Kit');
  await expectNoAxeViolations(page, 'kit order page');

  // The desk: one pack fewer of each product in the kit.
  expect(await deskPacks(owner, 2)).toBe(before.ashwagandha - 1);
  expect(await deskPacks(owner, 4)).toBe(before.melatonin - 1);
  await expect(owner.getByRole('main')).toContainText('Part of Stress & Sleep Kit');
  await noSidewaysScroll(owner);

  // The kit's desk page: what it holds, each product's packs on sale, and as many kits as they allow.
  await owner.goto(`/admin/products/${KIT}#kit`);
  const table = owner.getByRole('table', { name: 'What one kit holds' });
  await expect(table.getByRole('row', { name: /Ashwagandha Root Extract/ })).toContainText(
    String(before.ashwagandha - 1),
  );
  await expect(table.getByRole('row', { name: /Deep Sleep Melatonin/ })).toContainText(String(before.melatonin - 1));
  await expect(owner.getByRole('main').locator('#stock strong').first()).toHaveText(
    String(Math.min(before.ashwagandha, before.melatonin) - 1),
  );
  await expect(owner.getByLabel('Product 1')).toHaveValue('2');
  await expectNoAxeViolations(owner, 'desk kit contents');
  await noSidewaysScroll(owner);
});
