// The catalogue desk: an owner adds a product with an image and stock and finds it on the storefront,
// changes its price and the product page shows the new one at once (the cached page is purged);
// customers are turned away from every page and every POST of the desk.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInOwner, signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { dayFromToday } from '../support/batches';

const DESK_PAGES = [
  '/admin/products',
  '/admin/products/new',
  '/admin/products/1',
  '/admin/categories',
  '/admin/wellness',
  '/admin/stock',
];

test('customers get 403 on every catalogue desk page and POST, and nothing changes', async ({ page }) => {
  await signUp(page, `browser-${unique()}@example.in`);
  for (const path of DESK_PAGES) expect((await page.goto(path))?.status(), path).toBe(403);
  const origin = new URL(page.url()).origin;
  const forged: [string, Record<string, string>][] = [
    ['/admin/products/new', { intent: 'save', name: 'Forged', price: '1', categories: 'MIND_MOOD' }],
    ['/admin/products/1', { intent: 'save', name: 'Forged', price: '1', categories: 'MIND_MOOD' }],
    ['/admin/products/1', { intent: 'stock', batchId: '1', packs: '1000' }],
    [
      '/admin/products/1',
      { intent: 'batch', batchNumber: 'FORGED-1', manufacturedOn: '2026-11-01', expiresOn: '2028-11-01', packs: '9' },
    ],
    ['/admin/products/1', { intent: 'archive' }],
    ['/admin/categories', { intent: 'create', code: 'FORGED', value: 'Forged' }],
    ['/admin/wellness', { intent: 'save', key: 'energy', code: 'MIND_MOOD', name: 'Forged' }],
  ];
  for (const [path, form] of forged) {
    expect((await page.request.post(path, { form, headers: { origin } })).status(), `${path} ${form.intent}`).toBe(403);
  }
  const upload = await page.request.post('/admin/products/1', {
    multipart: { intent: 'upload', file: { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('x') } },
    headers: { origin },
  });
  expect(upload.status()).toBe(403);
  const productPage = await page.goto('/product/1');
  expect(productPage?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Forged');
});

test('copy claiming to cure a disease is refused with the words marked, and nothing is made; axe finds nothing', async ({
  page,
}) => {
  await signInOwner(page);
  await page.goto('/admin/products/new');
  const name = `Karela Drops ${unique()}`;
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await main.getByLabel('MRP per pack (₹)').fill('600');
  await main.getByLabel('Metabolic Wellness').check();
  await main
    .getByLabel('Description', { exact: true })
    .fill('Bitter gourd drops that cure diabetes, with no side effects.');
  await main.getByRole('button', { name: 'Create product' }).click();

  await expect(main.getByLabel('Description', { exact: true })).toHaveAccessibleDescription(
    /^Remove “cure diabetes”, “no side effects”:/,
  );
  const claims = main.getByRole('region', { name: 'Claims we may not publish' });
  await expect(claims.locator('mark')).toHaveText(['cure diabetes', 'no side effects']);
  await expect(claims.getByRole('link', { name: 'Description' })).toHaveAttribute('href', '#product-description');
  await expectNoAxeViolations(page, 'desk new product refused for its claims');

  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  await expect(page.getByText('No products match.')).toBeVisible();
});

test('an owner adds a product with an image and stock, sees it in the shop, and a new price shows at once', async ({
  page,
}) => {
  test.setTimeout(120_000); // a long walk through the desk and the shop, on a shared machine
  await signInOwner(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/products');
  await expectNoAxeViolations(page, 'desk products');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('link', { name: 'New product' }).click();
  await expectNoAxeViolations(page, 'desk new product');

  const name = `Kumkumadi Elixir ${unique()}`;
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await main.getByLabel('MRP per pack (₹)').fill('1500');
  await main.getByLabel('Discount price per pack (₹)').fill('1800');
  await main.getByLabel('Packs in stock').fill('25');
  await main.getByLabel('Batch number').fill('KE-2611');
  await main.getByLabel('Manufactured on').fill(dayFromToday(-20));
  await main.getByLabel('Expires on (use by)').fill(dayFromToday(700));
  await main.getByLabel('Mind & Mood').check();
  await main.getByLabel('Description', { exact: true }).fill('A classical facial oil of saffron and sandalwood.');
  await main.getByRole('button', { name: 'Create product' }).click();
  // A discount above the MRP is refused, tied to its field, and nothing is made.
  await expect(main.getByLabel('Discount price per pack (₹)')).toHaveAccessibleDescription(
    'The discount price must not be above the MRP.',
  );
  await expect(main.getByRole('alert')).toContainText('Nothing was changed.');
  await expectNoAxeViolations(page, 'desk new product with errors');
  await main.getByLabel('Discount price per pack (₹)').fill('1299');
  await main.getByLabel('2 months: price per pack (₹)').fill('1199');
  await main.getByRole('button', { name: 'Create product' }).click();
  // Without its declarations it may not go on sale: each missing one is named at its field, nothing is made.
  await expect(main.getByRole('alert')).toContainText('A product on sale must show every declaration the law asks for');
  await expect(main.getByLabel('Manufacturer’s name')).toHaveAccessibleDescription(
    /Enter the manufacturer’s name\. A product cannot be on sale without it\./,
  );
  await expect(main.getByLabel('Net quantity per pack')).toHaveAccessibleDescription(/Enter the net quantity per pack/);
  await expect(main.getByLabel('Licence number (FSSAI or AYUSH)')).toHaveAccessibleDescription(
    /Enter the licence number/,
  );
  await expectNoAxeViolations(page, 'desk new product without declarations');
  await main.getByLabel('Kind').selectOption('Ayurvedic medicine (AYUSH)');
  await main.getByLabel('Common or generic name').fill('Kumkumadi tailam (Ayurvedic face oil)');
  await main.getByLabel('Manufacturer’s name').fill('Vedara Ayurveda Pvt. Ltd.');
  await main.getByLabel('Manufacturer’s address').fill('Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India');
  await main.getByLabel('Net quantity per pack').fill('30');
  await main.getByLabel('Net quantity unit').selectOption('ml');
  await main.getByLabel('Country of origin').fill('India');
  await main.getByLabel('Best before (months from manufacture)').fill('24');
  await main.getByLabel('Licence number (FSSAI or AYUSH)').fill('UA/AYUR-112/2015');
  await main.getByLabel('Recommended daily usage').fill('3–4 drops on clean skin at night.');
  await main.getByRole('button', { name: 'Create product' }).click();
  await expect(main.getByRole('status')).toHaveText('Product created. It is on the storefront now.');
  const editUrl = page.url().replace(/\?.*$/, '');

  // An image: re-encoded on the server; a non-image is refused with its reason.
  const photo = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#b5651d' } })
    .jpeg()
    .toBuffer();
  await main.getByLabel('Image or video').setInputFiles({
    name: 'not-really.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg onload="alert(1)"></svg>'),
  });
  await main.getByRole('button', { name: 'Upload' }).click();
  await expect(main.getByLabel('Image or video')).toHaveAccessibleDescription(
    /That file is not a JPEG, PNG or WebP image, or an MP4, MOV or WebM video/,
  );
  await main.getByLabel('Image or video').setInputFiles({ name: 'elixir.jpg', mimeType: 'image/jpeg', buffer: photo });
  await main.getByLabel('Description for screen readers').fill('Amber bottle of kumkumadi oil');
  await main.getByRole('button', { name: 'Upload' }).click();
  await expect(main.getByRole('status')).toHaveText('File uploaded to the gallery.');
  const image = main.getByRole('list', { name: 'Gallery' }).getByRole('img', { name: 'Amber bottle of kumkumadi oil' });
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await expectNoAxeViolations(page, 'desk edit product');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // On the shelf and on its own page, with the image and the price.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/shop-all');
  const card = page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(name) })
    .first();
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Price ₹1,299', { exact: true })).toBeVisible();
  // Its declarations, as the desk entered them: ₹ per ml of each pack choice (1,299 ÷ 30; 2 × 1,199 ÷ 60).
  const declarations = page.getByRole('region', { name: 'Product details and declarations' });
  await expect(declarations.getByRole('definition').filter({ hasText: /^UA\/AYUR-112\/2015$/ })).toBeVisible();
  await expect(declarations.getByRole('row', { name: /^1 month/ })).toContainText('₹43.30 per ml');
  await expect(declarations.getByRole('row', { name: /^2 months/ })).toContainText('₹39.97 per ml');
  const productUrl = page.url();
  const cached = await page.goto(productUrl);
  expect(cached?.headers()['x-astro-cache'], 'the product page is served from the route cache').toBe('HIT');

  // A new price: the cached page is dropped, the next view shows it.
  await page.goto(editUrl);
  await main.getByLabel('Discount price per pack (₹)').fill('1111');
  await main.getByRole('button', { name: 'Save changes' }).click();
  await expect(main.getByRole('status')).toHaveText('Changes saved. The storefront shows them now.');
  await page.goto(productUrl);
  await expect(page.getByText('Price ₹1,111', { exact: true })).toBeVisible();

  // Another name shoppers search by (a Hindi name): found by it in /search.
  await page.goto(editUrl);
  await main.getByLabel('Search aliases').fill('केसर तेल, Kesar oil\nkesar OIL');
  await main.getByRole('button', { name: 'Save changes' }).click();
  await expect(main.getByRole('status')).toHaveText('Changes saved. The storefront shows them now.');
  await expect(main.getByLabel('Search aliases')).toHaveValue('केसर तेल\nKesar oil');
  await page.goto(`/search?q=${encodeURIComponent('केसर')}`);
  await expect(page.getByRole('list', { name: 'Search results' })).toContainText(name);

  // Stock below zero is refused; archiving takes it off the storefront.
  await page.goto(editUrl);
  await main.getByLabel('Packs to remove').fill('26');
  await main.getByRole('button', { name: 'Remove packs' }).click();
  await expect(main.getByLabel('Packs to remove')).toHaveAccessibleDescription(/Batch KE-2611 has only 25 packs left/);
  await main.getByRole('button', { name: 'Archive product' }).click();
  await expect(main.getByRole('status')).toContainText('Product archived');
  expect((await page.goto(productUrl))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Product not found.' })).toBeVisible();

  // An archived draft may lack a declaration, but it cannot go back on sale until it has it.
  await page.goto(editUrl);
  await main.getByLabel('Recommended daily usage').fill('');
  await main.getByRole('button', { name: 'Save changes' }).click();
  await expect(main.getByRole('status')).toHaveText('Changes saved. The storefront shows them now.');
  await main.getByRole('button', { name: 'Restore product' }).click();
  await expect(main.getByRole('alert')).toContainText('A product on sale must show every declaration the law asks for');
  await expect(main.getByLabel('Recommended daily usage')).toHaveAccessibleDescription(
    /Enter the recommended daily usage/,
  );
  expect((await page.goto(productUrl))?.status()).toBe(404);

  for (const path of ['/admin/categories', '/admin/wellness']) {
    await page.goto(path);
    await expectNoAxeViolations(page, path);
  }
});
