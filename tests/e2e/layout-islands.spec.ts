// Catalogue data on pre-rendered pages comes from server islands (the build reads no database): the
// Shop All menu, the footer's Bestsellers and the Sacred Science picks fill in from today's catalogue.
// A page rendered on request carries the wellness goals, the bestsellers, the offers ticker and the Shop
// All menu in its own HTML instead.
import { expect, test } from '@playwright/test';
import { TICKER } from '../../src/features/pricing/offer-lines';

// Motion as most shoppers have it (playwright.config.ts reduces it for the rest of the suite).
test.use({ reducedMotion: 'no-preference' });

test('the offers ticker of a pre-rendered page names the live offers, and no invented sale', async ({ page }) => {
  await page.goto('/our-story');
  const ticker = page.getByRole('region', { name: 'Offers' }).getByRole('list').first();
  // The buy 1 get 1 line comes with the island: seed products are marked for it.
  await expect(ticker.getByText(TICKER.bogo)).toBeVisible();
  await expect(ticker.getByText(TICKER.freeShipping)).toBeVisible();
  await expect(ticker.getByText(TICKER.cod)).toBeVisible();
  await expect(ticker).not.toContainText('FLASH SALE');
  // The strip still slides at one pixel per 30 ms over a copy at least as wide as the screen.
  const { seconds, copy, screen } = await ticker.evaluate((list) => ({
    seconds: Number.parseFloat(getComputedStyle(list.parentElement!).animationDuration),
    copy: list.getBoundingClientRect().width,
    screen: window.innerWidth,
  }));
  expect(copy).toBeGreaterThanOrEqual(screen - 20);
  expect(seconds).toBeCloseTo((copy * 30) / 1000, 0);
});

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

test('a listing and a product page name the goals, bestsellers and the Shop All menu in their own HTML, asking no island for them', async ({
  page,
}) => {
  const islands: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.match(/^\/_server-islands\/(\w+)/)?.[1];
    if (name) islands.push(name);
  });
  for (const path of ['/shop-all', '/product/1']) {
    // Before any script runs: the footer in the HTML as sent names the products as the catalogue does.
    const html = await (await page.request.get(path)).text();
    const footerHtml = html.slice(html.indexOf('aria-label="Footer"'));
    expect(footerHtml, path).toContain('Ashwagandha Root Extract');
    expect(html, path).toContain(TICKER.bogo);
    const shopMenuHtml = html.slice(html.indexOf('id="menu-shop-all"'));
    expect(shopMenuHtml, path).toContain('href="/shop-all?category=');
    await page.goto(path);
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await expect(footer.getByRole('link', { name: 'Energy & Vitality' })).toHaveAttribute(
      'href',
      '/shop-by-wellness?goal=energy#energy',
    );
    await expect(footer.locator('a[href="/product/1"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Shop by Wellness Goal menu' }).click();
    await expect(page.locator('#menu-wellness').getByRole('link', { name: 'Energy & Vitality' })).toBeVisible();
    await page.getByRole('button', { name: 'Shop All menu' }).click();
    await expect(page.locator('#menu-shop-all').getByRole('link', { name: 'Energy & Vitality' })).toBeVisible();
    await expect(page.locator('#menu-shop-all').locator('a[href^="/product/"]')).toHaveCount(3);
    await expect(page.locator('html')).toHaveAttribute('data-scripts', 'ran');
  }
  await page.waitForLoadState('networkidle');
  expect(
    islands.filter((name) =>
      ['LiveWellnessGoals', 'FooterBestsellers', 'LiveTicker', 'ShopMenuContents'].includes(name),
    ),
  ).toEqual([]);
});
