// Catalogue data on pre-rendered pages comes from server islands (the build reads no database): the
// Shop All menu, the footer's Bestsellers and the Sacred Science picks fill in from today's catalogue.
import { expect, test } from '@playwright/test';

test('the Shop All menu of a pre-rendered page lists the catalogue categories and featured products', async ({
  page,
}) => {
  await page.goto('/our-story');
  await page.getByRole('button', { name: 'Shop All menu' }).click();
  const menu = page.locator('#menu-shop-all');
  await expect(menu.getByRole('link', { name: 'Energy & Vitality' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'All products' })).toBeVisible();
  await expect(menu.locator('a[href^="/product/"]')).toHaveCount(3);
});

test('the footer names the bestsellers, and Sacred Science shows its three researched formulas', async ({ page }) => {
  await page.goto('/sacred-science');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('heading', { name: 'Bestsellers' })).toBeVisible();
  await expect(footer.locator('a[href="/product/1"]')).toHaveCount(1);
  const picks = page.getByRole('region', { name: 'Formulas grounded in research' });
  await picks.scrollIntoViewIfNeeded();
  await expect(picks.getByRole('article')).toHaveCount(3);
  await expect(picks.getByText(/₹[\d,]+/).first()).toBeVisible();
});
