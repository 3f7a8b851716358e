// The blog as a reader meets it: the list a page at a time, filters, an article with sharing,
// the 404 for a missing article, the RSS feed, and every article reachable without JavaScript.
import { expect, test, type Page } from '@playwright/test';

/** The grid of articles below the featured banner (visible cards only: getByRole skips hidden ones). */
const grid = (page: Page) => page.getByRole('region', { name: 'All articles' });
const visibleCards = (page: Page) => grid(page).getByRole('article');
const allCards = (page: Page) => grid(page).locator('[data-blog-card]');

async function openBlogList(page: Page) {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights & Articles' })).toBeVisible();
  // The list script has run once the status line speaks.
  await expect(grid(page).getByRole('status')).toHaveText('Loading...');
}

test('the list shows the featured banner and 6 articles, then loads more until none are left', async ({ page }) => {
  await openBlogList(page);
  const featured = page.getByRole('region', { name: /./ }).filter({ has: page.getByText(/^Featured ·/) });
  await expect(featured).toHaveCount(1);
  const featuredTitle = (await featured.getByRole('heading', { level: 2 }).textContent())!.trim();
  await expect(featured.getByRole('link', { name: /Read article/ })).toHaveAttribute('href', /^\/blog\/[a-z0-9-]+$/);
  // The banner article is kept out of the grid.
  await expect(grid(page).getByRole('link', { name: featuredTitle, exact: true })).toHaveCount(0);

  const total = await allCards(page).count();
  expect(total).toBeGreaterThan(6);
  await expect(visibleCards(page)).toHaveCount(6);

  // Scrolling to the button would also bring the end marker near and load by itself (next test),
  // so the button is pressed where it is.
  const loadMore = grid(page).getByRole('button', { name: 'Load More' });
  await loadMore.dispatchEvent('click');
  await expect(visibleCards(page)).toHaveCount(Math.min(total, 12));
  if (total > 12) await loadMore.dispatchEvent('click');
  await expect(visibleCards(page)).toHaveCount(total);
  await expect(grid(page).getByRole('status')).toHaveText('No more posts');
  await expect(grid(page).getByRole('button', { name: 'Load More' })).toBeHidden();
});

test('scrolling to the end of the list loads more by itself', async ({ page }) => {
  await openBlogList(page);
  await expect(visibleCards(page)).toHaveCount(6);
  // To the last article shown (the end of the page is the footer, well below the list).
  await visibleCards(page).last().scrollIntoViewIfNeeded();
  await expect.poll(() => visibleCards(page).count()).toBeGreaterThan(6);
});

test('a category button filters the grid, and changing category starts again at 6', async ({ page }) => {
  await openBlogList(page);
  const filters = grid(page).getByRole('group', { name: 'Filter articles by category' });
  await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  await grid(page).getByRole('button', { name: 'Load More' }).dispatchEvent('click');
  await expect.poll(() => visibleCards(page).count()).toBeGreaterThan(6);

  // The category of the first card is one that has articles.
  const category = (await visibleCards(page).first().locator('p').first().textContent())!.trim();
  const inCategory = await allCards(page)
    .and(page.locator(`[data-category="${category}"]`))
    .count();
  await filters.getByRole('button', { name: category, exact: true }).click();
  await expect(filters.getByRole('button', { name: category, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(visibleCards(page)).toHaveCount(Math.min(inCategory, 6));
  for (const card of await visibleCards(page).all()) await expect(card.locator('p').first()).toHaveText(category);

  // A short window keeps the end of the list out of view, so 'All' is not followed by an automatic load.
  await page.setViewportSize({ width: 1280, height: 400 });
  await filters.getByRole('button', { name: 'All' }).click();
  await expect(visibleCards(page)).toHaveCount(6);
  await expect(grid(page).getByRole('status')).toHaveText('Loading...');
});

test('an article: hero, body, real share links, copy link, related posts and back to the blog', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openBlogList(page);
  const firstCard = visibleCards(page).first();
  const title = (await firstCard.getByRole('heading').textContent())!.trim();
  const category = (await firstCard.locator('p').first().textContent())!.trim();
  await firstCard.getByRole('link').click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  const slug = new URL(page.url()).pathname.split('/').pop()!;

  // Hero: category, title, author, date and read time.
  const hero = page.getByRole('main').locator('header').first();
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(hero.getByText(category, { exact: true })).toBeVisible();
  await expect(hero.getByText(/^By \S/)).toBeVisible();
  await expect(hero.locator('time')).toHaveText(/\d{1,2} \w+ \d{4}/);
  await expect(hero.getByText(/^\d+ min read$/)).toBeVisible();
  // Body, ending with the product links every article carries.
  const body = page.locator('.article-prose');
  expect((await body.textContent())?.length).toBeGreaterThan(1500);
  for (const href of ['/products', '/product/1', '/products/shilajit']) {
    await expect(body.locator(`a[href="${href}"]`).first()).toBeVisible();
  }

  // Share links open the networks' share pages for this article's address.
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(new RegExp(`/blog/${slug}$`));
  const encoded = encodeURIComponent(canonical!);
  const share = page.getByRole('heading', { name: 'Share this article' }).locator('..');
  await expect(share.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
  );
  await expect(share.getByRole('link', { name: /X \(Twitter\)/ })).toHaveAttribute(
    'href',
    new RegExp(`^https://twitter\\.com/intent/tweet\\?url=${escapeRegExp(encoded)}&text=`),
  );
  await expect(share.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${escapeRegExp(encoded)}$`),
  );
  for (const link of await share.getByRole('link').all()) await expect(link).toHaveAttribute('target', '_blank');

  // Copy link: the address lands on the clipboard and the reader is told.
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect.poll(() => alerts).toEqual(['Link copied to clipboard']);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  // Up to 3 related posts (never this one), and the 6 newest in the sidebar.
  const related = page.getByRole('region', { name: 'Related Posts' });
  await expect(related.getByRole('article')).toHaveCount(3);
  await expect(related.locator(`a[href="/blog/${slug}"]`)).toHaveCount(0);
  await expect(
    page.getByRole('complementary').getByRole('region', { name: 'Latest Posts' }).getByRole('link'),
  ).toHaveCount(6);

  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('an unknown article answers 404 with Post Not Found', async ({ page }) => {
  const response = await page.goto('/blog/no-such-article');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
  await expect(page.getByText('The article you’re looking for doesn’t exist or has been moved.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
});

test('the RSS feed lists every article', async ({ page, request }) => {
  const feed = await request.get('/rss.xml');
  expect(feed.status()).toBe(200);
  // Pre-rendered, the feed is served as a static .xml file (application/xml); on demand as application/rss+xml.
  expect(feed.headers()['content-type']).toMatch(/application\/(rss\+)?xml/);
  const xml = await feed.text();
  const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((match) => new URL(match[1]).pathname);

  await page.goto('/blog');
  const onPage = await page
    .getByRole('main')
    .locator('a[href^="/blog/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(links.length).toBeGreaterThanOrEqual(11);
  expect(new Set(links)).toEqual(new Set(onPage));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every article is listed and reachable from /blog', async ({ page, request }) => {
    await page.goto('/blog');
    const xml = await (await request.get('/rss.xml')).text();
    const slugs = [...xml.matchAll(/<link>[^<]*\/blog\/([a-z0-9-]+)<\/link>/g)].map((match) => match[1]);
    expect(slugs.length).toBeGreaterThanOrEqual(11);
    // All grid cards show (nothing is held back for Load More), and the JS-only controls stay hidden.
    await expect(visibleCards(page)).toHaveCount(slugs.length - 1);
    await expect(grid(page).getByRole('button', { name: 'Load More' })).toBeHidden();
    for (const slug of slugs)
      await expect(page.getByRole('main').locator(`a[href="/blog/${slug}"]:visible`).first()).toBeVisible();

    await visibleCards(page).last().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Facebook/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.facebook\.com\/sharer/,
    );
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test("read times come from the article's words (about 200 a minute), the same on the list and the article", async ({
  page,
}) => {
  await page.goto('/blog/ashwagandha-stress-relief');
  const words = await page
    .locator('.article-prose')
    .evaluate((body) => (body.textContent ?? '').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length);
  const minutes = Math.max(1, Math.ceil(words / 200));
  expect(minutes).toBe(10); // the spec's figure for this article, and its text fills it (about 1 900 words)
  const hero = page.getByRole('main').locator('header').first();
  // Counted from the Markdown (the page adds no words of its own): within a minute of the page's text.
  const shown = Number((await hero.getByText(/^\d+ min read$/).textContent())!.match(/\d+/)![0]);
  expect(Math.abs(shown - minutes)).toBeLessThanOrEqual(1);
  await page.goto('/blog');
  // Its card (the grid holds every article; later pages are only hidden until loaded).
  const card = allCards(page).filter({ hasText: 'Ashwagandha & Stress Relief' });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${shown} min read`);
});
