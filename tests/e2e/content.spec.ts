// Content pages: shop by wellness goal, our story, the policy pages and their spellings, the sitemap,
// and axe on every content page.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, scrollThrough } from './axe';
import { whenHydrated } from './hydration';

const productNames = (page: Page) =>
  page
    .getByRole('region', { name: /^Shop / })
    .getByRole('article')
    .getByRole('heading')
    .allTextContents();

test.describe('/shop-by-wellness', () => {
  test('#gut shows the gut goal and its products; an unknown hash falls back to energy', async ({ page }) => {
    await page.goto('/shop-by-wellness#gut');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gut & Digestive Harmony');
    await expect(page.getByText('Kindle your agni, gently')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Gut & Digestive Harmony');
    await expect(page.getByRole('heading', { name: 'Shop Gut & Digestive Harmony' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Shop Gut & Digestive Harmony' }).getByRole('article').first(),
    ).toBeVisible();
    // The hash is read by the island, which then loads that goal's products: wait for them.
    await expect.poll(async () => (await productNames(page)).join(' ')).toMatch(/Gut|Triphala|Digest/);
    const gut = await productNames(page);

    await page.goto('/shop-by-wellness#unknown');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Energy & Vitality');
    await expect(page.getByText('Rise with steady, natural energy')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Shop Energy & Vitality' }).getByRole('article').first(),
    ).toBeVisible();
    await expect.poll(() => productNames(page)).not.toEqual(gut);
  });

  test('a goal pill changes the hash, the hero and the products', async ({ page }) => {
    await page.goto('/shop-by-wellness#energy');
    const pills = page.getByRole('navigation', { name: 'Wellness goals' });
    await whenHydrated(pills.getByRole('link', { name: 'Mind & Mood' }));
    await expect(
      page.getByRole('region', { name: 'Shop Energy & Vitality' }).getByRole('article').first(),
    ).toBeVisible();
    const energy = await productNames(page);

    await pills.getByRole('link', { name: 'Mind & Mood' }).click();
    // The address also carries ?goal=mind, so the server renders that goal when it is shared.
    await expect(page).toHaveURL(/\/shop-by-wellness(\?goal=mind)?#mind$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mind & Mood');
    await expect(pills.getByRole('link', { name: 'Mind & Mood' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('region', { name: 'Shop Mind & Mood' }).getByRole('article').first()).toBeVisible();
    await expect.poll(() => productNames(page)).not.toEqual(energy);
  });
});

test('/our-story tells the founding story with last year as the founding year', async ({ page }) => {
  await page.goto('/our-story');
  const story = page.getByRole('region', { name: 'Born in the Himalayas' });
  await expect(story).toBeVisible();
  await expect(story).toContainText(`founded in ${new Date().getFullYear() - 1}`);
  await expect(page.getByRole('heading', { name: 'What We Stand For' })).toBeVisible();
  for (const value of ['Purity & Potency', 'Simplicity & Efficacy', 'Holistic Well-being']) {
    await expect(page.getByRole('heading', { name: value })).toBeVisible();
  }
  await expect(page.getByRole('main').locator('a[href="/shop-all"]').first()).toBeVisible();
  await expect(page.getByRole('main').locator('a[href="/sacred-science"]').first()).toBeVisible();
});

test('every policy address, in each spelling the site links to, shows its policy', async ({ page }) => {
  // The privacy notice was rewritten for the DPDP Act (each item of data and its purpose) on 26 November 2026
  // and completed on 27 November 2026 (the data added since); the refunds and shipping policies for the one
  // delivery promise and the return form on 27 November 2026; the terms on 27 November 2026 (a consumer's
  // right to complain where they live, beside the jurisdiction clause).
  const policies: [string, string, string][] = [
    ['/refunds', 'Refunds & Cancellation', 'November 27, 2026'],
    ['/termsconditions', 'Terms & Conditions', 'November 27, 2026'],
    ['/TermsConditions', 'Terms & Conditions', 'November 27, 2026'],
    ['/Privacy', 'Privacy Policy', 'November 27, 2026'],
    ['/privacy', 'Privacy Policy', 'November 27, 2026'],
    ['/OrderShipping', 'Orders & Shipping', 'November 27, 2026'],
  ];
  for (const [path, heading, updated] of policies) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByText(`Last updated: ${updated}`)).toBeVisible();
  }
  // The jurisdiction clause does not read as taking away a consumer's forum (Consumer Protection Act, 2019).
  await page.goto('/termsconditions');
  await expect(page.getByRole('main')).toContainText(
    'file a complaint with the Consumer Commission where you live or work',
  );
  await expect(page.getByRole('main')).not.toContainText('exclusive jurisdiction');
});

test('the sitemap lists every public page, each of which answers 200, and robots.txt points to it', async ({
  request,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  const paths = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]).pathname,
  );
  expect(paths).toEqual(
    expect.arrayContaining([
      '/',
      '/shop-all',
      '/blog',
      '/our-story',
      '/sacred-science',
      '/quiz',
      '/appointment',
      '/track',
      '/product/1',
      '/refunds',
    ]),
  );

  const feed = await (await request.get('/rss.xml')).text();
  for (const match of feed.matchAll(/<link>[^<]*(\/blog\/[a-z0-9-]+)<\/link>/g)) expect(paths).toContain(match[1]);
  const products = paths.filter((path) => /^\/product\/\d+$/.test(path));
  expect(products.length).toBeGreaterThanOrEqual(12);

  for (const path of paths) expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});

for (const path of [
  '/blog',
  '/blog/morning-rituals-ayurveda',
  '/our-story',
  '/sacred-science',
  '/quiz',
  '/appointment',
  '/refunds',
]) {
  test(`axe: ${path}`, async ({ page }) => {
    await page.goto(path);
    await scrollThrough(page);
    await expectNoAxeViolations(page, path);
  });
}
