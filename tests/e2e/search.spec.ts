// Search: the header box, /search results (misspellings and Hindi names too), 'Nothing found' with
// bestsellers, suggestions as you type, and the same without JavaScript and on a phone.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

// The header has room for the box from 1536 px; narrower screens get a search link instead.
const WIDE = { width: 1600, height: 900 };

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: WIDE });

  test('the header box finds a misspelt product and leads to its page', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await box.fill('ashwaganda');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=ashwaganda$/);
    await expect(page.getByRole('main').getByRole('status')).toContainText('for “ashwaganda”');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('article').first()).toContainText('Ashwagandha Root Extract');
    await results
      .getByRole('link', { name: /Ashwagandha Root Extract/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ashwagandha Root Extract' })).toBeVisible();
  });

  test('nothing found offers the bestsellers', async ({ page }) => {
    await page.goto('/search?q=xqzvwk');
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Nothing found for “xqzvwk”.');
    const offered = page.getByRole('region', { name: 'Our bestsellers' });
    await expect(offered.getByRole('article')).toHaveCount(4);
    await expect(page.getByRole('list', { name: 'Search results' })).toHaveCount(0);
  });
});

// axe runs inside the page, so it needs JavaScript: the same pages, audited with it on.
test('the results and nothing-found pages pass axe', async ({ page }) => {
  await page.goto('/search?q=ashwaganda');
  await expect(page.getByRole('list', { name: 'Search results' })).toContainText('Ashwagandha Root Extract');
  await expectNoAxeViolations(page, '/search results');
  await page.goto('/search?q=xqzvwk');
  await expect(page.getByRole('region', { name: 'Our bestsellers' })).toBeVisible();
  await expectNoAxeViolations(page, '/search with nothing found');
});

test('suggestions appear as the shopper types', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await page.goto('/shop-all');
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
  await box.pressSequentially('brah');
  await expect(page.locator('#header-search-suggestions option[value="Brahmi Focus Tablets"]')).toHaveCount(1);
  await box.press('Enter');
  await expect(page.getByRole('list', { name: 'Search results' })).toContainText('Brahmi Focus Tablets');
});

for (const width of [1280, 1366, 1600]) {
  test(`at ${width} px the header's search, account and cart controls all fit`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const control of [
      header.getByRole('link', { name: /^Cart, / }),
      header.getByRole('link', { name: 'Login' }),
    ]) {
      const box = await control.boundingBox();
      expect(box && box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
    }
    const search =
      width >= 1536
        ? header.getByRole('combobox', { name: 'Search products' })
        : header.getByRole('link', { name: 'Search' });
    await expect(search).toBeVisible();
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu holds the search box; a Hindi name finds the product', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const box = page.locator('#mobile-search');
    await box.fill('अश्वगंधा');
    await expectNoAxeViolations(page, 'mobile menu with search');
    await box.press('Enter');
    await expect(page.getByRole('list', { name: 'Search results' })).toContainText('Ashwagandha Root Extract');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
