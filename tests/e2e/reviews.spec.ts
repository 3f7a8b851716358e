// Verified reviews in the browser: a customer cannot review before delivery (told why, nothing saved);
// once the staff deliver the order, the order page offers 'Write a review', the review waits for
// moderation, an owner publishes it at /admin/reviews, and the product page (cached until then) shows
// the review, the new average and its JSON-LD, and the home page's testimonials show it instead of the
// samples. Customers cannot reach the desk.
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ownerPage, signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';

const PRODUCT = { id: 6, name: 'Gluco Balance with Jamun, Gudmar & Karela' };

/** The signed-in customer's order of the product, placed through the shop's own API. */
async function placeOrder(page: Page, email: string) {
  const origin = new URL(page.url()).origin;
  expect(
    (
      await page.request.post('/api/cart', {
        data: { intent: 'add', productId: PRODUCT.id, months: 1, quantity: 1 },
        headers: { origin },
      })
    ).ok(),
  ).toBe(true);
  const placed = await page.request.post('/api/checkout', {
    headers: { origin },
    data: {
      email,
      phone: '9876543210',
      idempotencyKey: `reviews-${unique()}-abcdef`,
      address: { name: 'Asha Rao', line1: '7 Lake Road', line2: '', city: 'Pune', state: 'Maharashtra', pin: '411001' },
    },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { orderNumber: string }).orderNumber;
}

/** The owner confirms, ships and delivers the order from its desk page. */
async function deliverOrder(owner: Page, orderNumber: string) {
  await owner.goto(`/admin/orders/${orderNumber}`);
  await owner.getByRole('button', { name: 'Confirm COD order' }).click();
  await expect(owner.getByRole('main').getByRole('status')).toContainText('Order marked confirmed');
  await owner.getByLabel('Courier').selectOption('Delhivery');
  await owner.getByLabel('Tracking number').fill('DLV7654321');
  await owner.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(owner.getByRole('main').getByRole('status')).toContainText('Order marked shipped');
  await owner.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(owner.getByRole('main').getByRole('status')).toContainText('Order marked delivered');
}

const productJsonLd = async (page: Page) =>
  JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as Record<
    string,
    unknown
  >;

test('a delivered order’s customer reviews the product; after an owner publishes it, the product page shows it and the new average', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = `reviewer-${unique()}@example.in`;
  await signUp(page, email);
  const orderNumber = await placeOrder(page, email);

  // Not delivered yet: the form is refused with the reason, and a forged post saves nothing.
  const early = await page.goto(`/dashboard/reviews/${PRODUCT.id}`);
  expect(early?.status()).toBe(403);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Only customers whose order of this product has been delivered can review it. Nothing was saved.',
  );
  await expect(page.getByRole('button', { name: 'Submit review' })).toHaveCount(0);
  const origin = new URL(page.url()).origin;
  const forged = await page.request.post(`/dashboard/reviews/${PRODUCT.id}`, {
    multipart: { rating: '5', body: 'I never received it but it is great anyway.' },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Write a review/ })).toHaveCount(0);

  // The product page before: seed reviews only, apart and not counted.
  await page.goto(`/product/${PRODUCT.id}`);
  const reviews = page.locator('#reviews');
  await expect(reviews.getByText('No verified reviews yet.')).toBeVisible();
  await expect(reviews.getByText(/^Earlier reviews from our catalogue/)).toBeVisible();
  expect(await productJsonLd(page)).not.toHaveProperty('aggregateRating');

  // The owner confirms, ships and delivers the order.
  const owner = await ownerPage(browser);
  await deliverOrder(owner, orderNumber);

  // Delivered: the order page links to the review form, which works as a plain form.
  await page.goto(`/orders/${orderNumber}`);
  await page.getByRole('link', { name: `Write a review of ${PRODUCT.name}` }).click();
  await expect(page.getByRole('heading', { name: `Review ${PRODUCT.name}` })).toBeVisible();
  await expectNoAxeViolations(page, 'review form');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Please check the fields marked below. Nothing was saved.',
  );
  await expect(page.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
  await expectNoAxeViolations(page, 'review form with errors');
  await page.getByLabel('4 stars').check();
  await page.getByLabel('Title (optional)').fill('Steadier afternoons');
  await page
    .getByLabel('Your review')
    .fill('I take it with lunch; the afternoon slump is gone after three weeks. Bitter, but fine in water.');
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#5a8a3c' } })
    .withExif({ IFD0: { Make: 'PhoneCam' } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('Photos (optional)')
    .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    /^Thank you! Your review will appear on the product page once our team has checked it/,
  );
  await expect(page.getByText('Waiting for moderation.')).toBeVisible();

  // Waiting for moderation: not on the product page yet; the customer is offered the form from there.
  await page.goto(`/product/${PRODUCT.id}`);
  await expect(reviews.getByText('No verified reviews yet.')).toBeVisible();
  await expect(reviews.getByRole('link', { name: `Write a review of ${PRODUCT.name}` })).toBeVisible();

  // The owner publishes it from the desk.
  await owner.goto('/admin/reviews');
  await expect(owner.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  const row = owner.getByRole('row').filter({ hasText: 'Steadier afternoons' });
  await expect(row).toContainText(email);
  await expect(row.getByRole('img', { name: 'Photo 1 of the review' })).toBeVisible();
  await expectNoAxeViolations(owner, 'reviews desk');
  await row.getByRole('button', { name: /^Reject/ }).click();
  await expect(owner.getByRole('main').getByRole('alert')).toHaveText(
    'Say in a note why the review is not published (the customer reads it).',
  );
  await owner
    .getByRole('row')
    .filter({ hasText: 'Steadier afternoons' })
    .getByRole('button', { name: /^Publish/ })
    .click();
  await expect(owner.getByRole('main').getByRole('status')).toHaveText('Review published.');

  // A shopper now sees it (the cached page was purged), with the average, a photo and JSON-LD.
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(`/product/${PRODUCT.id}`);
  const shown = shopper.locator('#reviews');
  await expect(shown.getByText('4.0 out of 5, based on 1 verified review')).toBeVisible();
  const review = shown.getByRole('article', { name: 'Review by Asha R.' });
  await expect(review).toContainText('Steadier afternoons');
  await expect(review).toContainText('Asha R., Pune · Verified buyer');
  await expect(review.getByRole('img', { name: 'Photo 1 from Asha R.' })).toBeVisible();
  await expect(shopper.getByRole('link', { name: /4\.0 \(1 review\)/ })).toBeVisible();
  expect(await productJsonLd(shopper)).toMatchObject({
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 },
    review: [
      { '@type': 'Review', author: { name: 'Asha R.' }, reviewRating: { ratingValue: 4 }, name: 'Steadier afternoons' },
    ],
  });
  await expectNoAxeViolations(shopper, 'product page with a verified review');
  // The photo went out re-encoded, without the camera's metadata.
  const src = await review.getByRole('img').first().getAttribute('src');
  const served = await shopper.request.get(src!);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();
  // Product cards show the same figures.
  await shopper.goto('/shop-all');
  const card = shopper
    .getByRole('article')
    .filter({ has: shopper.getByRole('link', { name: PRODUCT.name, exact: true }) });
  await expect(card).toContainText('Rated 4.0 out of 5 from (1 review)');
  // The home page's testimonials are customers' published reviews now, not the labelled samples (the
  // publishing purged its cached island too).
  await shopper.goto('/');
  const testimonials = shopper.getByRole('region', { name: 'Loved across India' });
  await expect(testimonials).toContainText('The latest reviews from customers whose orders were delivered.');
  await expect(testimonials).toContainText('I take it with lunch; the afternoon slump is gone after three weeks.');
  await expect(testimonials).not.toContainText('Sample reviews');
});

test('a review claiming a cure is taken, flagged on the desk with the words marked, cannot be published and is rejected with a note', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `claimant-${unique()}@example.in`;
  await signUp(page, email);
  const orderNumber = await placeOrder(page, email);
  const owner = await ownerPage(browser);
  await deliverOrder(owner, orderNumber);

  // The customer is not blocked: the review goes to moderation like any other.
  await page.goto(`/dashboard/reviews/${PRODUCT.id}`);
  await page.getByLabel('5 stars').check();
  await page.getByLabel('Title (optional)').fill('Worked for my father');
  await page.getByLabel('Your review').fill('It cured his diabetes in a month, with no side effects at all.');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^Thank you! Your review will appear/);

  await owner.goto('/admin/reviews');
  const row = owner.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Contains a claim we may not publish');
  await expect(row.locator('mark')).toHaveText(['cured his diabetes', 'no side effects']);
  await expect(row.getByRole('button', { name: /^Publish/ })).toBeDisabled();
  await expectNoAxeViolations(owner, 'reviews desk with a flagged review');
  // Publishing anyway (a forged post) is refused, and the review stays waiting.
  const id = await row.locator('input[name="id"]').inputValue();
  const forced = await owner.request.post('/admin/reviews', {
    form: { id, intent: 'approve' },
    headers: { origin: new URL(owner.url()).origin },
  });
  expect(forced.status()).toBe(422);
  await owner.reload();
  await expect(owner.getByRole('row').filter({ hasText: email })).toContainText('Waiting for moderation');

  await row.getByLabel(/^Note to the customer/).fill('Please describe your own experience without health claims.');
  await row.getByRole('button', { name: /^Reject/ }).click();
  await expect(owner.getByRole('main').getByRole('status')).toHaveText('Review rejected; the customer sees your note.');
});

test('customers get 403 at the reviews desk, for the page and a forged decision', async ({ page }) => {
  await signUp(page, `curious-${unique()}@example.in`);
  expect((await page.goto('/admin/reviews'))?.status()).toBe(403);
  const origin = new URL(page.url()).origin;
  const forged = await page.request.post('/admin/reviews', {
    form: { id: '1', intent: 'approve' },
    headers: { origin },
  });
  expect(forged.status()).toBe(403);
});
