// One cart and one price, as a shopper sees them: the drawer's Total is what checkout asks for, the
// cart keeps up with a quick page change, and offers explain themselves.
import { expect, test, type Page } from '@playwright/test';
import { signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart, / });

async function add(page: Page, productId: number, quantity = 1, months = 1) {
  const response = await page.request.post('/api/cart', { data: { intent: 'add', productId, months, quantity } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Opens the drawer on a page and reads its Total (the server's quote). */
async function drawerTotal(page: Page) {
  await page.goto('/shop-all');
  await whenHydrated(cartLink(page));
  await cartLink(page).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  const total = drawer.locator('[data-total]');
  await expect(total).toBeVisible();
  return { drawer, total: (await total.textContent())!.trim() };
}

async function checkoutTotal(page: Page) {
  await page.goto('/checkout');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await whenHydrated(page.getByRole('main').getByLabel('Email'));
  return (await summary.locator('[data-total]').textContent())!.trim();
}

test('a ₹399 cart: the drawer’s Total includes the ₹50 shipping, like checkout, and says how to get it free', async ({
  page,
}) => {
  await add(page, 11);
  const { drawer, total } = await drawerTotal(page);
  expect(total).toBe('₹449');
  await expect(drawer.getByText('Add ₹100 more for free shipping.')).toBeVisible();
  await expect(drawer.getByText('First order? Sign in or create an account for 30% off.')).toBeVisible();
  await expectNoAxeViolations(page, 'cart drawer with notes');
  expect(await checkoutTotal(page)).toBe(total);
});

test('save10 applied in the drawer stays applied at checkout, with the same Total', async ({ page }) => {
  await add(page, 1);
  const { drawer } = await drawerTotal(page);
  await drawer.getByLabel('Discount code').fill('save10');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByText('SAVE10 (10% off)')).toBeVisible();
  await expect(drawer.locator('[data-total]')).toHaveText('₹899');
  expect(await checkoutTotal(page)).toBe('₹899');
  await expect(page.getByRole('complementary', { name: 'Order summary' }).getByText('SAVE10 (10% off)')).toBeVisible();
});

test('buy 1 get 1: the badge on the card and the product page, the hint for one more, and the free unit in both totals', async ({
  page,
}) => {
  await page.goto('/shop-all');
  const card = page
    .locator('main article')
    .filter({ has: page.getByRole('link', { name: 'Deep Sleep Melatonin with Brahmi & Jatamansi' }) });
  await expect(card.getByText('Buy 1 Get 1 Free')).toBeVisible();
  await add(page, 4);
  let { drawer, total } = await drawerTotal(page);
  await expect(drawer.getByText('Add 1 more to get 1 free')).toBeVisible();
  await drawer.getByRole('button', { name: /^Increase quantity of / }).click();
  await expect(drawer.getByText('Buy 1 Get 1 Free: 1 free')).toBeVisible();
  await expect(drawer.getByText('Add 1 more to get 1 free')).toBeHidden();
  total = (await drawer.locator('[data-total]').textContent())!.trim();
  expect(total).toBe('₹549');
  expect(await checkoutTotal(page)).toBe(total);
});

test('a signed-in first order: 30 % off in the drawer and at checkout alike', async ({ page }) => {
  await signUp(page, `first-${unique()}@example.in`);
  await add(page, 5, 2);
  const { drawer, total } = await drawerTotal(page);
  await expect(drawer.getByText('First order (30% off)')).toBeVisible();
  expect(total).toBe('₹1,049');
  expect(await checkoutTotal(page)).toBe(total);
});

test('signed in, add and leave the page at once: the item is in the cart on the next page', async ({ page }) => {
  await signUp(page, `quick-${unique()}@example.in`);
  await page.goto('/product/3');
  const addButton = page.getByRole('button', { name: 'Add to Cart' }).first();
  await whenHydrated(addButton);
  await addButton.click();
  await page.goto('/blog');
  await whenHydrated(cartLink(page));
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await page.goto('/cart');
  await expect(page.getByRole('main').getByRole('link', { name: /Curcumin/ })).toBeVisible();
  await expectNoAxeViolations(page, 'cart page');
});

test('an Add whose answer comes after the next page read the cart still shows there', async ({ page, context }) => {
  await page.goto('/product/3');
  const addButton = page.getByRole('button', { name: 'Add to Cart' }).first();
  await whenHydrated(addButton);
  // The add reaches the store only once the next page has read the cart (a slow network or server).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route('**/api/cart', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await addButton.click();
  await page.goto('/blog');
  await whenHydrated(cartLink(page));
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  release();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
});

test('a change in another tab shows in this one on its next page', async ({ page, context }) => {
  await page.goto('/product/2');
  await whenHydrated(cartLink(page));
  const other = await context.newPage();
  await other.goto('/product/6');
  const addButton = other.getByRole('button', { name: 'Add to Cart' }).first();
  await whenHydrated(addButton);
  await addButton.click();
  await expect(cartLink(other)).toHaveAccessibleName('Cart, 1 item');
  await page.goto('/shop-all');
  await whenHydrated(cartLink(page));
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await other.close();
});

test('the product page states the shipping rule truthfully and its structured data says it is in stock; few left is said', async ({
  page,
}) => {
  await page.goto('/product/1');
  await expect(page.getByText('Free shipping on orders of ₹499 and above')).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  const product = [jsonLd].flat().find((entry: { '@type'?: string }) => entry['@type'] === 'Product');
  expect(product.offers.availability).toBe('https://schema.org/InStock');
  await page.goto('/product/12'); // the seed keeps 3 packs of Brahmi Focus Tablets
  await expect(page.getByText('Only 3 left')).toBeVisible();
});

test('on a 360 px phone the cart and checkout never scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await add(page, 4);
  await add(page, 11, 1, 2);
  for (const path of ['/cart', '/checkout']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});
