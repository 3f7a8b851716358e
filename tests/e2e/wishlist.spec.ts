// The wishlist across sign-in: a guest hearts two products (kept in the browser), signs up, and finds
// both in the account's wishlist; taking one off persists. Without JavaScript a signed-in customer's
// heart is a form that saves and comes back, and a guest's asks them to sign in.
import { expect, type Page, test } from '@playwright/test';
import { signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';

const TRIPHALA = 'Triphala Tablets';
const MORINGA = 'Moringa Greens Powder';
const heart = (page: Page, name: string) =>
  page.getByRole('main').getByRole('button', { name: `Save ${name} to wishlist` });
const saved = (page: Page) => page.getByRole('list', { name: 'Saved products' });

test('a guest’s hearts follow them into their new account; removing one persists', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/shop-all');
  const triphala = heart(page, TRIPHALA);
  await whenHydrated(triphala);
  await expect(triphala).toHaveAttribute('aria-pressed', 'false');
  await triphala.click();
  await expect(triphala).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page, 'listing with a saved product');

  await page.goto('/product/11');
  const moringa = heart(page, MORINGA);
  await whenHydrated(moringa);
  await moringa.click();
  await expect(moringa).toHaveAttribute('aria-pressed', 'true');

  // The header's heart leads the guest to the page showing what this browser saved.
  await page.getByRole('banner').getByRole('link', { name: 'Wishlist' }).click();
  await expect(page).toHaveURL(/\/wishlist/);
  await expect(saved(page).getByRole('link', { name: TRIPHALA, exact: true })).toBeVisible();
  await expect(saved(page).getByRole('link', { name: MORINGA, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page, 'guest wishlist');

  // Signing up (the verification link signs in) merges them into the account.
  await signUp(page, `wisher-${unique()}@example.in`);
  await page.goto('/wishlist');
  await expect(saved(page).getByRole('link', { name: TRIPHALA, exact: true })).toBeVisible();
  await expect(saved(page).getByRole('link', { name: MORINGA, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'account wishlist');

  // Taking one off is kept on the server.
  const off = heart(page, TRIPHALA);
  await whenHydrated(off);
  await expect(off).toHaveAttribute('aria-pressed', 'true');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/wishlist') && r.request().method() === 'POST');
  await off.click();
  await expect(off).toHaveAttribute('aria-pressed', 'false');
  expect((await answered).ok()).toBe(true);
  await page.reload();
  await expect(saved(page).getByRole('link', { name: MORINGA, exact: true })).toBeVisible();
  await expect(saved(page).getByRole('link', { name: TRIPHALA, exact: true })).toHaveCount(0);

  // A fresh browser of the same account shows the account's hearts, not this browser's.
  const session = await page.context().storageState();
  const other = await page
    .context()
    .browser()!
    .newContext({ storageState: { cookies: session.cookies, origins: [] } });
  const otherPage = await other.newPage();
  await otherPage.goto('/shop-all');
  await expect(heart(otherPage, MORINGA)).toHaveAttribute('aria-pressed', 'true');
  await expect(heart(otherPage, TRIPHALA)).toHaveAttribute('aria-pressed', 'false');
  await other.close();

  // Add to Cart from the wishlist works as a plain form.
  await page.getByRole('button', { name: `Add to Cart ${MORINGA}` }).click();
  await expect(page).toHaveURL(/\/cart\?/);
  await expect(page.getByRole('main').getByRole('link', { name: MORINGA }).first()).toBeVisible();
});

test('without JavaScript a customer’s heart saves through the form; a guest’s asks them to sign in', async ({
  browser,
  page,
}) => {
  await signUp(page, `nojs-wisher-${unique()}@example.in`);
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const customer = await noJs.newPage();
  await customer.goto('/product/9');
  await heart(customer, TRIPHALA).click();
  await expect(customer).toHaveURL(/\/product\/9$/);
  await customer.goto('/wishlist');
  await expect(saved(customer).getByRole('link', { name: TRIPHALA, exact: true })).toBeVisible();
  // Pressed again from the wishlist page: removed, with a notice.
  await heart(customer, TRIPHALA).click();
  await expect(customer.getByRole('main').getByRole('status')).toHaveText('Removed from your wishlist.');
  await expect(saved(customer)).toHaveCount(0);
  await noJs.close();

  const guest = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await guest.goto('/product/9');
  await heart(guest, TRIPHALA).click();
  await expect(guest).toHaveURL(/\/sign-in\?redirect=%2Fproduct%2F9$/);
});
