// The home page as a shopper meets it: the hero carousel, 'Most Loved Picks', the testimonials,
// the guidance and blog cards, accessibility, and what is left without JavaScript.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, scrollThrough } from './axe';
import { HERO_INTERVAL_MS as ROTATION_MS, HERO_SLIDES } from '../../src/features/home/home-content';

// Motion as most shoppers have it (playwright.config.ts reduces it for the rest of the suite).
test.use({ reducedMotion: 'no-preference' });

const SLIDE_TITLES = HERO_SLIDES.map((slide) => slide.title);

/** The hero, once its script has taken over the server-rendered slides. */
async function heroCarousel(page: Page) {
  const carousel = page.getByRole('region', { name: 'Vedara highlights' });
  await expect(carousel).toHaveAttribute('data-ready', '');
  return carousel;
}

/** Hidden slides are aria-hidden, so the only slide heading a shopper can reach is the one showing. */
async function expectShowing(carousel: Locator, title: string, timeout?: number) {
  const heading = carousel.getByRole('heading', { level: 2 });
  await expect(heading).toHaveText(title, { timeout });
  await expect(heading).toBeInViewport();
}

/** Rotation also holds while the pointer or focus is on the carousel: take both away. */
async function leaveCarousel(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Scrolling here is smooth, and a tap during a scroll only stops it (as on a phone): wait until `target` is still. */
async function whenStill(target: Locator) {
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await target.boundingBox());
        const still = box === last;
        last = box;
        return still;
      },
      { intervals: [200] },
    )
    .toBe(true);
}

/** Whether a testimonial card has turned over to its written review. */
function isTurnedOver(testimonial: Locator) {
  return testimonial
    .locator('.flip-card')
    .evaluate((card) => new DOMMatrix(getComputedStyle(card).transform).m11 < -0.99);
}

test('hero carousel: arrows and dots change the slide, it wraps, rotates every 5 s, and Pause stops it', async ({
  page,
}) => {
  await page.goto('/');
  const carousel = await heroCarousel(page);
  await expectShowing(carousel, SLIDE_TITLES[0]);
  await expect(carousel.getByRole('link', { name: 'Explore Our Rituals' })).toHaveAttribute('href', '/shop-all');

  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expectShowing(carousel, SLIDE_TITLES[1]);
  await expect(carousel.getByRole('link', { name: 'Our Commitment' })).toHaveAttribute('href', '/sacred-science');
  await carousel.getByRole('button', { name: 'Previous slide' }).click();
  await carousel.getByRole('button', { name: 'Previous slide' }).click();
  await expectShowing(carousel, SLIDE_TITLES[3]); // wrapped past the first
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expectShowing(carousel, SLIDE_TITLES[0]); // and past the last

  await carousel.getByRole('button', { name: 'Go to slide 3' }).click();
  await expectShowing(carousel, SLIDE_TITLES[2]);
  await expect(carousel.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');
  await expect(carousel.getByRole('link', { name: 'Take Our Wellness Quiz' })).toHaveAttribute('href', '/quiz');

  // Left alone, it moves on by itself.
  await leaveCarousel(page);
  await expectShowing(carousel, SLIDE_TITLES[3], ROTATION_MS + 3000);

  // Paused, it stays put well past the interval.
  await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
  await expect(carousel.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  await leaveCarousel(page);
  await page.waitForTimeout(ROTATION_MS + 1500);
  await expectShowing(carousel, SLIDE_TITLES[3]);

  // Play resumes it, even with focus still on the button; it wraps to the first slide.
  await carousel.getByRole('button', { name: 'Play slideshow' }).click();
  await page.mouse.move(0, 0);
  await expectShowing(carousel, SLIDE_TITLES[0], ROTATION_MS + 3000);
});

test('hero carousel: no automatic rotation for shoppers who prefer reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const carousel = await heroCarousel(page);
  await expect(carousel.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  await page.waitForTimeout(ROTATION_MS + 1500);
  await expectShowing(carousel, SLIDE_TITLES[0]);
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expectShowing(carousel, SLIDE_TITLES[1]);
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('swiping the hero moves between slides, both ways round', async ({ page }) => {
    await page.goto('/');
    const carousel = await heroCarousel(page);
    const box = (await carousel.locator('img').first().boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (fromX: number, toX: number) => {
      const y = box.y + box.height / 2;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: (fromX + toX) / 2, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: toX, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(300, 60); // leftwards: next
    await expectShowing(carousel, SLIDE_TITLES[1]);
    await swipe(60, 300); // rightwards: back
    await expectShowing(carousel, SLIDE_TITLES[0]);
    await swipe(60, 300); // and round to the last
    await expectShowing(carousel, SLIDE_TITLES[3]);
  });

  test('tapping "Read review" turns a testimonial over, and tapping again turns it back', async ({ page }) => {
    await page.goto('/');
    const testimonial = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /Read review from Sneha Iyer/ }) });
    const readReview = testimonial.getByRole('button', { name: /Read review/ });
    await readReview.scrollIntoViewIfNeeded();
    await whenStill(readReview);
    await readReview.tap();
    await expect(readReview).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => isTurnedOver(testimonial)).toBe(true);
    await readReview.tap();
    await expect(readReview).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => isTurnedOver(testimonial)).toBe(false);
  });
});

test("'Most Loved Picks' waits until it is scrolled to, shows four placeholders, then four favourites", async ({
  page,
}) => {
  let requests = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/products/favorites', async (route) => {
    requests += 1;
    await released;
    await route.continue();
  });
  await page.goto('/');
  await heroCarousel(page);
  const picks = page.getByRole('region', { name: 'Most Loved Picks' });
  await expect(picks.getByRole('article')).toHaveCount(0);
  expect(requests, 'nothing is fetched before the grid is on screen').toBe(0);

  await picks.getByRole('heading', { name: 'Most Loved Picks' }).scrollIntoViewIfNeeded();
  await expect.poll(() => requests).toBe(1);
  await expect(picks.locator('[aria-busy="true"] > [aria-hidden="true"]')).toHaveCount(4);

  release();
  const cards = picks.getByRole('article');
  await expect(cards).toHaveCount(4);
  for (const card of await cards.all()) {
    await expect(card.getByRole('link')).toHaveAttribute('href', /^\/product\/\d+$/);
    await expect(card.getByText(/₹[\d,]+/).first()).toBeVisible();
  }
});

test("'Most Loved Picks' failures show the spec's toasts", async ({ page }) => {
  await page.route('**/api/products/favorites', (route) =>
    route.fulfill({ status: 500, json: { message: 'permission denied for table products' } }),
  );
  await page.goto('/');
  // The toaster's live regions are in the HTML; its island wakes on the first toast.
  // Seen, the grid loads (and fails at once): its placeholders may be gone before a hydration check.
  await page.getByRole('region', { name: 'Most Loved Picks' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('alert')).toContainText('Failed to load products: permission denied for table products');
  await expect(page.getByText('Our favourites could not be loaded just now.')).toBeVisible();

  await page.unroute('**/api/products/favorites');
  await page.route('**/api/products/favorites', (route) => route.abort('connectionrefused'));
  await page.reload();
  // Seen, the grid loads (and fails at once): its placeholders may be gone before a hydration check.
  await page.getByRole('region', { name: 'Most Loved Picks' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('alert')).toContainText('An unexpected error occurred while loading products.');
});

test('a testimonial turns over to its written review when focused from the keyboard; axe finds nothing', async ({
  page,
}) => {
  await page.goto('/');
  await scrollThrough(page);
  // The grid loads once seen after its island is ready, which a quick scroll-through can outrun.
  const picks = page.getByRole('region', { name: 'Most Loved Picks' });
  await picks.scrollIntoViewIfNeeded();
  await expect(picks.getByRole('article')).toHaveCount(4);
  await expectNoAxeViolations(page, 'home after scrolling');

  // Start keyboard navigation from the section heading, as a click there would.
  const heading = page.getByRole('heading', { name: 'Loved across India' });
  await heading.click();
  const testimonial = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /Read review from Priya Menon/ }) });
  expect(await isTurnedOver(testimonial)).toBe(false);
  await page.keyboard.press('Tab');
  await expect(testimonial.getByRole('button', { name: /Read review/ })).toBeFocused();
  await expect.poll(() => isTurnedOver(testimonial)).toBe(true);
  await expect(testimonial.getByText(/dissolves fully in warm water/)).toBeVisible();
  await expectNoAxeViolations(page, 'home with a turned testimonial');
});

test('testimonials promise no video they do not have: no play button, no "Video review" label', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Loved across India' });
  const cards = section.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Read review/ }) });
  await expect(cards).toHaveCount(5);
  // A fresh store has no published reviews: the cards are the seed's samples and say so.
  await expect(
    section.getByText(
      /^Sample reviews from our catalogue, shown until customers who bought from us have reviewed their orders\./,
    ),
  ).toBeVisible();
  await expect(section.getByText(/video/i)).toHaveCount(0);
  // Nothing drawn as a play button (the old cards showed a ▶ over each card with nothing to play).
  expect(await section.locator('svg path[d^="M8 5v14"]').count()).toBe(0);
  // What a card does offer works: its written review.
  await expect(cards.first().getByText(/dissolves fully in warm water/)).toBeAttached();
});

test('guidance cards lead to the appointment and quiz pages', async ({ page }) => {
  await page.goto('/');
  const guidance = page.getByRole('region', { name: 'Personal guidance, on the house' });
  await guidance.getByRole('link', { name: 'Book a FREE Nutritionist Call' }).click();
  await expect(page).toHaveURL(/\/appointment$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Wellness Journey Starts Here');
  await page.goBack();
  await guidance.getByRole('link', { name: 'Take Our Free Wellness Quiz' }).click();
  await expect(page).toHaveURL(/\/quiz$/);
});

test('blog cards show the newest articles and each opens that article', async ({ page }) => {
  await page.goto('/');
  const journal = page.getByRole('region', { name: 'From the Vedara journal' });
  const cards = journal.getByRole('article');
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) await expect(card.locator('img')).toHaveAttribute('loading', 'lazy');
  const links = await cards.getByRole('link').all();
  for (const link of links) {
    const title = (await link.textContent())!.trim();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/blog\/[a-z0-9-]+$/);
    const article = await page.request.get(href);
    expect(article.status(), href).toBe(200);
    expect(await article.text()).toContain(title);
  }
  const firstTitle = (await links[0].textContent())!.trim();
  await links[0].click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home still shows its content and links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: SLIDE_TITLES[0] })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore Our Rituals' })).toHaveAttribute('href', '/shop-all');
    // Every slide is in the page, within reach of a swipe or scroll, and no dead controls are shown.
    const carousel = page.getByRole('region', { name: 'Vedara highlights' });
    for (const name of ['Our Commitment', 'Take Our Wellness Quiz']) {
      await expect(carousel.getByRole('link', { name })).toHaveCount(1);
    }
    await expect(carousel.getByRole('button', { name: 'Next slide' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Most Loved Picks' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Discover the science' })).toHaveAttribute('href', '/sacred-science');
    await expect(page.getByRole('region', { name: 'Find Your Wellness Path' }).getByRole('link')).toHaveCount(6);
    await expect(page.getByRole('link', { name: 'Book a FREE Nutritionist Call' }).last()).toHaveAttribute(
      'href',
      '/appointment',
    );
    await expect(page.getByRole('link', { name: 'Take Our Free Wellness Quiz' })).toHaveAttribute('href', '/quiz');
    await expect(page.getByRole('region', { name: 'From the Vedara journal' }).getByRole('article')).toHaveCount(3);
    await expect(page.getByRole('form', { name: 'Ayurveda, in your inbox' })).toBeVisible();
  });
});
