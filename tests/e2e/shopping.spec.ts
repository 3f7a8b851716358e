// The shopper's main path: browse → filter → sort → product → plan → add → badge → drawer →
// save10 → reload (cart persisted) → remove → empty state.
import { expect, test, type Page } from '@playwright/test';
import { whenHydrated } from './hydration';

const priceOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function cardPrices(page: Page) {
  const cards = page.locator('main article');
  await expect(cards.first()).toBeVisible();
  // The first price on each card is the price the shopper pays.
  return (await cards.evaluateAll((els) => els.map((el) => el.querySelector('.text-lg')?.textContent ?? ''))).map(
    priceOf,
  );
}

test('browse, filter, sort, choose a plan, add to cart, apply save10, persist, remove', async ({ page }) => {
  await page.goto('/shop-all');
  await expect(page.getByText(/Showing \d+ products/)).toBeVisible();
  // The listing wakes when the shopper reaches for it (taps before that: taps-before-scripts.spec.ts).
  await whenHydrated(page.getByLabel('Sort by'));

  // Filter by a category.
  await page.getByRole('button', { name: /Filters/ }).click();
  await page.getByRole('radio', { name: 'Mind & Mood' }).check();
  await expect(page).toHaveURL(/category=MIND_MOOD/);
  const filteredCount = Number((await page.getByText(/Showing \d+ products/).textContent())!.match(/\d+/)![0]);
  expect(filteredCount).toBeGreaterThanOrEqual(3);
  await expect(page.locator('main article')).toHaveCount(filteredCount);

  // Sort high → low.
  await page.getByLabel('Sort by').selectOption('price-high');
  await expect(page).toHaveURL(/sort=price-high/);
  await expect
    .poll(async () => {
      const prices = await cardPrices(page);
      return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1] >= p);
    })
    .toBe(true);

  // Open the first product.
  await page.locator('main article a').first().click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

  // Choose the 3-month plan and add 2 packs (with the picker awake: taps before that are another test's).
  const threeMonths = page.getByRole('radio', { name: /3 months/ }).first();
  await whenHydrated(threeMonths);
  await threeMonths.check({ force: true });
  await page
    .getByRole('button', { name: /Increase quantity/i })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText(`Added ${name} to cart!`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart, 2 items/ })).toBeVisible();

  // The drawer shows the line; save10 takes 10 % off the server's subtotal.
  await page.getByRole('link', { name: /Cart, 2 items/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
  await drawer.getByLabel('Discount code').fill('  SAVE10 ');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByText('SAVE10 (10% off)')).toBeVisible();
  await drawer.getByLabel('Discount code').fill('save20');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByText('Invalid discount code')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The cart survives a reload.
  await page.reload();
  await expect(page.getByRole('link', { name: /Cart, 2 items/ })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ name, quantity: 2, subscriptionDurationMonths: 3 });

  // Remove → empty state with two recommendations.
  await page.getByRole('link', { name: /Cart, 2 items/ }).click();
  await drawer.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(drawer.getByText('Your cart is empty')).toBeVisible();
  await expect(drawer.locator('article')).toHaveCount(2);
  await expect(drawer.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
});

test('a product link with #faq2 opens and scrolls to the second FAQ', async ({ page }) => {
  await page.goto('/product/1#faq2');
  const faq = page.locator('#faq2');
  await expect(faq).toBeInViewport();
  // FAQs are native <details>: the second is open, showing its answer, and the first stays closed.
  await expect(faq).toHaveAttribute('open', '');
  await expect(faq.locator('summary + *')).toBeVisible();
  await expect(page.locator('#faq1 summary + *')).toBeHidden();
});

test('slugs and old links redirect to the canonical product page', async ({ page, request }) => {
  const response = await request.get('/product/melatonin', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toMatch(/\/product\/4$/);
  await page.goto('/products/shilajit');
  await expect(page).toHaveURL(/\/product\/1$/);
  await page.goto('/products');
  await expect(page).toHaveURL(/\/shop-all$/);
});

test('unknown pages and products answer 404', async ({ page }) => {
  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Shop All' })).toBeVisible();

  const product = await page.goto('/product/99999');
  expect(product?.status()).toBe(404);
  await expect(page.getByText('Product not found.')).toBeVisible();
});

test('card images fade in once loaded, a broken one shows the placeholder, and hydration stays quiet', async ({
  page,
}) => {
  const hydrationErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
  });
  // The first product's thumbnail fails to load.
  await page.route(/\/product_images\/1\/[^/]+$/, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/shop-all');
  const images = page.locator('main article img');
  await expect(images.first()).toBeVisible();
  for (const image of (await images.all()).slice(0, 4)) {
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveCSS('opacity', '1');
  }
  const broken = page
    .locator('main article')
    .filter({ has: page.locator('a[href="/product/1"]') })
    .locator('img');
  await expect(broken).toHaveAttribute('src', '/placeholder.png');
  await expect(broken).toHaveCSS('opacity', '1');
  await whenHydrated(page.getByLabel('Sort by'));
  expect(hydrationErrors).toEqual([]);
});

test('product details: one accordion section open at a time', async ({ page }) => {
  await page.goto('/product/1');
  const sections = page.locator('details[name="product-details"]');
  expect(await sections.count()).toBeGreaterThanOrEqual(4);
  await expect(sections.nth(0)).toHaveAttribute('open', '');
  await sections.nth(1).locator('summary').click();
  await expect(sections.nth(1).locator('summary + *')).toBeVisible();
  await expect(sections.nth(0).locator('summary + *')).toBeHidden();
  await sections.nth(1).locator('summary').click();
  await expect(sections.nth(1).locator('summary + *')).toBeHidden();
});

test('the floating chat buttons sit above the sticky add-to-cart bar, not under it', async ({ page }) => {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/product/1');
    await whenHydrated(page.getByRole('button', { name: 'Add to Cart' }).first());
    await page.evaluate(() => window.scrollTo(0, 1500));
    const bar = page.getByRole('region', { name: 'Quick add to cart' });
    await expect(bar).toBeVisible();
    const barTop = (await bar.boundingBox())!.y;
    const chat = page.getByRole('link', { name: /Chat with us on WhatsApp/ });
    await expect(chat).toBeVisible();
    await expect
      .poll(async () => {
        const box = (await chat.boundingBox())!;
        return box.y + box.height;
      })
      .toBeLessThanOrEqual(barTop);
  }
});

test('on a phone the plan picker wakes when the shopper reaches for it, and the sticky bar shows on scrolling; both add to the cart', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/product/1');
  // At the top of the page the picker's own button is in view: no bar.
  const bar = page.getByRole('region', { name: 'Quick add to cart' });
  await expect(bar).toBeHidden();
  const addButton = page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).first();
  await addButton.scrollIntoViewIfNeeded();
  await whenHydrated(addButton);
  await addButton.click();
  // Hydrated, the picker adds in place and says so (without JavaScript the form goes to /cart).
  await expect(page.getByText(/^Added .+ to cart!$/)).toBeVisible();
  await expect(page).toHaveURL(/\/product\/1$/);

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart, / })).toHaveAccessibleName('Cart, 2 items');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('product cards show their images', async ({ page }) => {
    await page.goto('/shop-all');
    const images = page.locator('main article img');
    expect(await images.count()).toBeGreaterThan(3);
    for (const image of (await images.all()).slice(0, 4)) {
      await expect(image).toBeVisible();
      await expect(image).toHaveCSS('opacity', '1');
    }
  });

  test('the product page shows every detail section and the FAQs', async ({ page }) => {
    await page.goto('/product/1');
    const sections = page.locator('details[name="product-details"]');
    await expect(sections.nth(0).locator('summary + *')).toBeVisible();
    await sections.nth(2).locator('summary').click();
    await expect(sections.nth(2).locator('summary + *')).toBeVisible();
    await expect(sections.nth(0).locator('summary + *')).toBeHidden();

    const faqs = page.getByRole('region', { name: 'Frequently Asked Questions' });
    const questions = faqs.locator('details summary');
    expect(await questions.count()).toBeGreaterThanOrEqual(4);
    await questions.nth(1).click();
    await expect(faqs.locator('#faq2 summary + *')).toBeVisible();
  });

  test('the listing sorts and filters through the URL', async ({ page }) => {
    await page.goto('/shop-all');
    await page.getByLabel('Sort by').selectOption('price-low');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/sort=price-low/);
    // The address changes as the sorted list is asked for; the cards follow when it arrives.
    const isSorted = (prices: number[]) => prices.every((price, i) => i === 0 || (prices[i - 1] ?? 0) <= price);
    await expect
      .poll(async () => {
        const shown = await cardPrices(page);
        return shown.length > 3 && isSorted(shown);
      })
      .toBe(true);
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(3);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});
