// Small things a shopper noticed (issue 20 part 9), each checked where they would see it: the header
// cart link says what it shows (axe label-content-name-mismatch, run on purpose: it is not in the
// WCAG tag set); the plan picker shows no total it cannot keep current without JavaScript; "Restful
// Sleep" opens its own goal page. (A sort chosen before the listing woke is kept:
// taps-before-scripts.spec.ts; product cards' verified rating: reviews.spec.ts; the floating buttons and
// the PIN box: nothing-obscured.spec.ts; the report chart's scale: back-office.spec.ts.)
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { whenHydrated } from './hydration';

test('the header cart link’s accessible name contains its visible text, empty and with items, phone and desktop', async ({
  page,
}) => {
  const mismatches = async () =>
    (await new AxeBuilder({ page }).include('header').withRules(['label-content-name-mismatch']).analyze()).violations;
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/our-story');
    const cart = page.getByRole('banner').getByRole('link', { name: /^Cart, / });
    await whenHydrated(cart);
    await expect(cart).toHaveAccessibleName('Cart, 0 items');
    expect(await mismatches()).toEqual([]);
  }
  expect(
    (await page.request.post('/api/cart', { data: { intent: 'add', productId: 1, months: 1, quantity: 3 } })).ok(),
  ).toBe(true);
  await page.goto('/our-story');
  const cart = page.getByRole('banner').getByRole('link', { name: /^Cart, / });
  await expect(cart).toHaveAccessibleName('Cart, 3 items');
  await expect(cart.locator('[data-cart-count]')).toHaveText('3');
  expect(await mismatches()).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plan picker shows no total that would go stale when another plan is chosen', async ({ page }) => {
    await page.goto('/product/1');
    const form = page.locator('#add-to-cart');
    await expect(form.getByText('Each plan’s price is shown above; your cart adds up the total.')).toBeVisible();
    await expect(form.getByText(/^Total:/)).toHaveCount(0);
  });
});

test('with JavaScript the total follows the plan and the quantity', async ({ page }) => {
  await page.goto('/product/1');
  const form = page.locator('#add-to-cart');
  await whenHydrated(form.getByRole('button', { name: 'Increase quantity' }));
  const total = form.getByText(/^Total:/);
  const before = await total.textContent();
  await form.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(total).toContainText('(2 ×');
  await expect(total).not.toHaveText(before ?? '');
  await expect(form.getByText('Each plan’s price is shown above')).toHaveCount(0);
});

test('“Restful Sleep” opens its goal page like the other goals, from the menu and at /shop-by-wellness#sleep', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/our-story');
  await page.getByRole('button', { name: 'Shop by Wellness Goal menu' }).click();
  await page.locator('#menu-wellness').getByRole('link', { name: 'Restful Sleep' }).click();
  await expect(page).toHaveURL(/\/shop-by-wellness\?goal=sleep#sleep$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toContainText('Restful Sleep');
  await expect(
    main.getByRole('link', { name: 'Deep Sleep Melatonin with Brahmi & Jatamansi', exact: true }),
  ).toBeVisible();

  await page.goto('/shop-by-wellness#sleep');
  await whenHydrated(main.getByRole('navigation', { name: 'Wellness goals' }).getByRole('link').first());
  await expect(main.getByRole('heading', { level: 1 })).toContainText('Restful Sleep');
  await expect(
    main.getByRole('link', { name: 'Deep Sleep Melatonin with Brahmi & Jatamansi', exact: true }),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: 'Himalayan Shilajit Resin', exact: true })).toHaveCount(0);
});
