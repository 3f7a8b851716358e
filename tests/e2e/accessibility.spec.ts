import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, scrollThrough } from './axe';
import { whenHydrated } from './hydration';

// Motion as most shoppers have it (playwright.config.ts reduces it for the rest of the suite).
test.use({ reducedMotion: 'no-preference' });

for (const path of ['/', '/shop-all', '/shop-by-wellness#gut', '/product/1', '/no-such-page']) {
  test(`axe: ${path}`, async ({ page }) => {
    await page.goto(path);
    await scrollThrough(page);
    await expectNoAxeViolations(page, path);
  });
}

test('axe: the open Shop All mega-menu', async ({ page }) => {
  await page.goto('/shop-all');
  const trigger = page.getByRole('banner').getByRole('button', { name: /Shop All/ });
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page, 'Shop All mega-menu');
  await page.keyboard.press('Escape');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expect(trigger).toBeFocused();
});

test('axe: the open cart drawer, empty and with an item', async ({ page }) => {
  await page.goto('/product/2');
  const cartButton = page.getByRole('link', { name: /Cart, 0 items/ });
  await whenHydrated(cartButton);
  await whenHydrated(page.getByRole('button', { name: 'Add to Cart' }).first());
  await cartButton.click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(drawer.getByText('Your cart is empty')).toBeVisible();
  await expect(drawer.locator('article')).toHaveCount(2);
  await expectNoAxeViolations(page, 'empty cart drawer');
  await drawer.getByRole('button', { name: 'Close cart' }).click();

  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await page.getByRole('link', { name: /Cart, 1 item/ }).click();
  await expect(drawer.getByRole('button', { name: /Remove/ })).toBeVisible();
  await expectNoAxeViolations(page, 'cart drawer with an item');
});
