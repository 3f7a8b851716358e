// The header on a phone: it stays at the top while the page scrolls, and it shows who is signed in as
// the server knows it (a server island), so a signed-in shopper never sees 'Login', with or without
// JavaScript, and no cache keeps one shopper's menu for another.
import { expect, test } from '@playwright/test';
import { signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';

test.use({ viewport: { width: 390, height: 844 } });

test('the header stays within reach while a long page scrolls, and is compact', async ({ page }) => {
  await page.goto('/blog/ashwagandha-stress-relief');
  const header = page.getByRole('banner');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
  await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
  await expect(header.getByRole('button', { name: 'Open menu' })).toBeInViewport();
  await expect(header.getByRole('link', { name: /^Cart, / })).toBeInViewport();
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
});

test('a visitor gets Login from the server; a signed-in shopper the account menu, never Login, even without JavaScript', async ({
  page,
  browser,
}) => {
  await page.goto('/shop-all');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/sign-in');

  await signUp(page, `header-${unique()}@example.in`, 'tulsi-leaf-42', 'Asha Rao');
  const island = page.waitForResponse((r) => r.url().includes('/_server-islands/AccountMenu'));
  await page.goto('/shop-all'); // pre-rendered and cached for everyone
  const answer = await island;
  expect(answer.headers()['cache-control']).toBe('private, no-store'); // no shared cache keeps it
  const account = header.getByRole('button', { name: /Account menu/ });
  await expect(account).toContainText('Asha');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await account.click();
  const menu = page.locator('#user-menu');
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Back office' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'open account menu at 390 px');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();
  await account.click();
  await page.getByRole('heading', { level: 1 }).click(); // a click outside closes it
  await expect(menu).toBeHidden();

  // The same shopper with JavaScript off: the pre-rendered page shows the neutral account link.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
  });
  const plain = await noScript.newPage();
  for (const path of ['/', '/shop-all', '/product/1', '/blog/ashwagandha-stress-relief']) {
    await plain.goto(path);
    const banner = plain.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Your account' }), path).toHaveAttribute('href', '/dashboard');
    await expect(banner.getByText('Login'), path).toHaveCount(0);
  }
  await plain.getByRole('banner').getByRole('link', { name: 'Your account' }).click();
  await expect(plain.getByRole('heading', { name: 'Welcome, Asha!' })).toBeVisible();
  await noScript.close();

  // Signing out brings Login back.
  await account.click();
  await menu.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
});
