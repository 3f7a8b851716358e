// Wellness goals as the owner configures them at /admin/wellness show everywhere at once: the header's
// mega-menu, the mobile menu and the footer, the home page's cards (pre-rendered pages: server
// islands) and the goal chip of a product page (route-cached: purged through NOTIFY). Hiding a goal
// takes it out of all of them.
import { expect, test, type Page } from '@playwright/test';
import { signInOwner } from './accounts';
import { expectNoAxeViolations } from './axe';

const NEW_NAME = 'Daily Vigour & Stamina';

/** Saves one goal's form at /admin/wellness. */
async function saveGoal(page: Page, key: string, change: { name?: string; hidden?: boolean }) {
  await page.goto('/admin/wellness');
  const form = page.getByRole('form', { name: new RegExp(`^#${key}`) });
  if (change.name !== undefined) await form.getByLabel('Display name').fill(change.name);
  if (change.hidden !== undefined) await form.getByLabel('Hide this goal from the shop').setChecked(change.hidden);
  await form.getByRole('button', { name: `Save #${key}` }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Wellness goal saved.');
}

/** The cache state of the first wellness-goal island answer a visit to `path` gets. */
async function goalsIslandCache(page: Page, path: string) {
  const island = page.waitForResponse((r) => r.url().includes('/_server-islands/LiveWellnessGoals'));
  await page.goto(path);
  return (await island).headers()['x-astro-cache'];
}

test('an owner renames and hides a goal: menus, home cards, footer and the product chip follow at once', async ({
  page,
  browser,
}) => {
  // Warm the product page and the layout's goal islands into the route cache first: the rename must purge them.
  await page.goto('/product/1');
  expect((await page.goto('/product/1'))?.headers()['x-astro-cache']).toBe('HIT');
  await expect(page.getByRole('main').getByRole('link', { name: 'Energy & Vitality', exact: true })).toBeVisible();
  const shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const shop = await shopper.newPage();
  await expect.poll(() => goalsIslandCache(shop, '/our-story'), { message: 'the goal islands are kept' }).toBe('HIT');

  await signInOwner(page);
  await page.goto('/admin/wellness');
  await expectNoAxeViolations(page, 'wellness goals desk');
  await saveGoal(page, 'energy', { name: NEW_NAME });
  await saveGoal(page, 'metabolic', { hidden: true });
  await page.goto('/admin/wellness');
  await expect(page.getByRole('form', { name: /^#metabolic/ })).toContainText('Hidden');

  try {
    // A shopper (no session) on pre-rendered pages.
    const island = shop.waitForResponse((r) => r.url().includes('/_server-islands/LiveWellnessGoals'));
    await shop.goto('/our-story');
    expect((await island).headers()['cache-control'], 'island answers are never served stale').toMatch(/no-cache/);
    await shop.getByRole('button', { name: 'Shop by Wellness Goal menu' }).click();
    const menu = shop.locator('#menu-wellness');
    await expect(menu.getByRole('link', { name: NEW_NAME })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Metabolic Wellness' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Restful Sleep' })).toHaveAttribute(
      'href',
      '/shop-by-wellness?goal=sleep#sleep',
    );
    await expectNoAxeViolations(shop, 'wellness mega-menu open');
    const footer = shop.getByRole('navigation', { name: 'Footer' });
    await expect(footer.getByRole('link', { name: NEW_NAME })).toHaveAttribute(
      'href',
      '/shop-by-wellness?goal=energy#energy',
    );
    await expect(footer.getByRole('link', { name: 'Metabolic Wellness' })).toHaveCount(0);

    await shop.goto('/');
    const cards = shop.getByRole('region', { name: 'Find Your Wellness Path' });
    await expect(cards.getByRole('link', { name: NEW_NAME })).toBeVisible();
    await expect(cards.getByRole('link')).toHaveCount(5);

    await shop.goto('/product/1');
    await expect(shop.getByRole('main').getByRole('link', { name: NEW_NAME })).toHaveAttribute(
      'href',
      '/shop-by-wellness?goal=energy#energy',
    );
    // A page rendered on request carries the goals in its own HTML: the cached copy was dropped with them.
    const productFooter = shop.getByRole('navigation', { name: 'Footer' });
    await expect(productFooter.getByRole('link', { name: NEW_NAME })).toBeVisible();
    await expect(productFooter.getByRole('link', { name: 'Metabolic Wellness' })).toHaveCount(0);

    await shop.goto('/shop-by-wellness?goal=metabolic');
    await expect(shop.getByRole('navigation', { name: 'Wellness goals' }).getByRole('link')).toHaveCount(5);

    await shop.setViewportSize({ width: 390, height: 844 });
    await shop.goto('/blog');
    await shop.getByRole('button', { name: 'Open menu' }).click();
    const mobile = shop.locator('#mobile-menu');
    await expect(mobile.getByRole('link', { name: NEW_NAME })).toBeVisible();
    await expect(mobile.getByRole('link', { name: 'Metabolic Wellness' })).toHaveCount(0);
    await expectNoAxeViolations(shop, 'mobile menu open');
  } finally {
    await shopper.close();
    await saveGoal(page, 'energy', { name: 'Energy & Vitality' });
    await saveGoal(page, 'metabolic', { hidden: false });
  }
});
