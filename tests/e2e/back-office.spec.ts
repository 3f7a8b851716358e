// The back office: its own frame (no shop ticker, rewards or WhatsApp buttons), reports with a chart
// and a CSV, customers without secrets, points grants by role, all at desktop width and at 390 px;
// every route answers each role as the permission table says (customers: 403 everywhere, no "Back
// office" link); a staff member's menu shows only their desks and a returned order offers them no refund.
import { readdir, readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { can, DESK_ROUTES, postAction, type StaffRole } from '../../src/lib/permissions';
import { OWNER, ownerPage, signUp, unique } from './accounts';
import { TINY_PNG } from '../support/images';
import { expectNoAxeViolations } from './axe';

const PHONE = { width: 390, height: 844 };
const DESK_PAGES = [
  '/admin/orders',
  '/admin/customers',
  '/admin/reports',
  '/admin/discounts',
  '/admin/rewards',
  '/admin/staff',
];

/** A signed-in customer's order, placed through the shop's own API; returns its number. */
async function placeOrderAs(page: Page, email: string) {
  const origin = new URL(page.url()).origin;
  expect(
    (
      await page.request.post('/api/cart', {
        data: { intent: 'add', productId: 2, months: 1, quantity: 1 },
        headers: { origin },
      })
    ).ok(),
  ).toBe(true);
  const placed = await page.request.post('/api/checkout', {
    headers: { origin },
    data: {
      email,
      phone: '9876543210',
      idempotencyKey: `back-office-${unique()}-abcdef`,
      address: { name: 'Asha Rao', line1: '7 Lake Road', line2: '', city: 'Pune', state: 'Maharashtra', pin: '411001' },
    },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { orderNumber: string }).orderNumber;
}

async function accountMenu(page: Page) {
  await page.goto('/track');
  const button = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
  await expect(button).toBeVisible();
  await button.click();
  return page.locator('#user-menu');
}

/** A new account the owner has given `role` on the staff desk, signed in on a page of its own. */
async function memberPage(browser: Browser, owner: Page, role: StaffRole) {
  const email = `${role}-${unique()}@example.in`;
  const page = await (await browser.newContext()).newPage();
  await signUp(page, email);
  const origin = new URL(owner.url()).origin;
  const made = await owner.request.post('/admin/staff', { form: { intent: 'set', email, role }, headers: { origin } });
  expect(made.status(), `${email} made ${role}`).toBe(200);
  return page;
}

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('a customer gets 403 on every back-office page, export and grant, and no "Back office" link', async ({ page }) => {
  await signUp(page, `customer-${unique()}@example.in`);
  for (const path of [
    '/admin/customers',
    '/admin/customers/any-id',
    '/admin/reports',
    '/admin/reports?range=30d',
    '/admin/reports/export.csv',
    '/admin/rewards',
  ]) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }
  const origin = new URL(page.url()).origin;
  const forged = await page.request.post('/admin/rewards', {
    form: { email: 'someone@example.in', points: '10000', reason: 'Free points' },
    headers: { origin },
  });
  expect(forged.status()).toBe(403);

  const menu = await accountMenu(page);
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Back office' })).toHaveCount(0);
});

test('every route under /admin (read from src/pages/admin, so a new one is covered) answers each role as the permission table says', async ({
  browser,
}) => {
  test.setTimeout(120_000); // three sign-ups, then every route for four accounts
  const owner = await ownerPage(browser);
  const customer = await (await browser.newContext()).newPage();
  await signUp(customer, `customer-${unique()}@example.in`);
  const accounts: [StaffRole | null, Page][] = [
    [null, customer],
    ['staff', await memberPage(browser, owner, 'staff')],
    ['admin', await memberPage(browser, owner, 'admin')],
    ['owner', owner],
  ];
  const files = (await readdir('src/pages/admin', { recursive: true })).filter((file) => /\.(astro|ts)$/.test(file));
  expect(files.length).toBeGreaterThanOrEqual(20);
  const forged: Record<string, string> = { intent: 'save', key: 'energy', name: 'Forged' };
  for (const [role, page] of accounts) {
    const origin = new URL(page.url()).origin;
    for (const file of files) {
      const pattern = `/admin/${file.replace(/\.(astro|ts)$/, '')}`.replace(/\/index$/, '');
      const route = DESK_ROUTES[pattern];
      expect(route, `${pattern} is in the permission table`).toBeDefined();
      const path = pattern.replace(/\[[^\]]+\]/g, 'VA-TEST1234');
      const mayOpen = can(role, route.see);
      const status = (await page.request.get(path)).status();
      if (mayOpen) expect(status, `${role} GET ${path}`).not.toBe(403);
      else expect(status, `${role} GET ${path}`).toBe(403);
      // Posts only where refused: an allowed one could change the store.
      if (
        file.endsWith('.astro') &&
        !(
          mayOpen &&
          can(
            role,
            postAction(route, (name) => forged[name] ?? ''),
          )
        )
      ) {
        expect(
          (await page.request.post(path, { form: forged, headers: { origin } })).status(),
          `${role} POST ${path}`,
        ).toBe(403);
      }
    }
  }
});

test('the owner reads the reports (chart and table), downloads the CSV; the frame has none of the shop’s chrome', async ({
  browser,
}) => {
  const shopper = await (await browser.newContext()).newPage();
  const buyerEmail = `report-buyer-${unique()}@example.in`;
  await signUp(shopper, buyerEmail);
  const orderNumber = await placeOrderAs(shopper, buyerEmail);

  const page = await ownerPage(browser);
  const menu = await accountMenu(page);
  await menu.getByRole('link', { name: 'Back office' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('link', { name: orderNumber })).toBeVisible();

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Last 7 days' })).toHaveAttribute('aria-current', 'page');
  const daily = page.getByRole('table', { name: /^Daily figures/ });
  await expect(daily.getByRole('row')).toHaveCount(1 + 7 + 1); // header, 7 days, total
  await expect(page.locator('#report-chart canvas').first()).toBeVisible();
  // Each scale reaches above its highest day (the figures the chart draws).
  const chart = page.locator('#report-chart');
  await expect(chart).toHaveAttribute('data-drawn', 'true');
  const figures = JSON.parse((await chart.getAttribute('data-chart')) ?? '{}') as {
    revenue: number[];
    orders: number[];
  };
  expect(Math.max(...figures.orders)).toBeGreaterThan(0);
  expect(Number(await chart.getAttribute('data-orders-top'))).toBeGreaterThan(Math.max(...figures.orders));
  expect(Number(await chart.getAttribute('data-revenue-top'))).toBeGreaterThan(Math.max(...figures.revenue));
  await expect(page.getByRole('table', { name: 'Top products by packs sold' }).getByRole('row')).not.toHaveCount(1);
  // None of the shop's chrome: no offers ticker, Rewards button, WhatsApp button, newsletter or cart.
  await expect(page.getByRole('region', { name: 'Offers' })).toHaveCount(0);
  await expect(
    page
      .getByRole('button', { name: 'Rewards', exact: true })
      .or(page.getByRole('link', { name: 'Rewards', exact: true })),
  ).toHaveCount(0);
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectNoAxeViolations(page, 'reports (desktop)');

  // The prepaid share and the COD confirmation rate, each with what it counts.
  for (const figure of ['COD confirmation rate', 'Prepaid share of orders', 'Prepaid share of value'])
    await expect(page.getByRole('term').filter({ hasText: figure })).toBeVisible();
  await expect(page.getByText(/\d+ paid online, \d+ cash on delivery|No order went ahead yet/)).toBeVisible();
  await page.getByRole('link', { name: 'Today' }).click();
  await expect(page.getByRole('table', { name: /^Daily figures/ }).getByRole('row')).toHaveCount(3);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^vedara-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(csv[0]).toBe(
    'Day (IST),Orders,Revenue (INR),Average order value (INR),COD orders counted,COD orders confirmed,COD confirmation rate (%),Orders paid online,Paid online (INR),COD orders confirmed (INR),Prepaid share of orders (%),Prepaid share of value (%)',
  );
  expect(csv[1]).toMatch(/^\d{4}-\d{2}-\d{2},[1-9]\d*,/);
  expect(csv).toContain('Top product,Packs sold,Revenue (INR)');

  // At 390 px: the desk menu folds away, the tables scroll in their own box, the page never sideways.
  await page.setViewportSize(PHONE);
  await page.goto('/admin/reports?range=30d');
  await expect(page.locator('#report-chart canvas').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Customers' })).toBeHidden();
  await page.getByText('Desk menu').click();
  await expect(page.getByRole('link', { name: 'Customers' })).toBeVisible();
  expect(await pageScrollsSideways(page)).toBe(false);
  await expectNoAxeViolations(page, 'reports (390 px)');

  // Without JavaScript the figures are all there as a table.
  const noScript = await (
    await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })
  ).newPage();
  await noScript.goto('/admin/reports?range=30d');
  await expect(noScript.getByRole('table', { name: /^Daily figures/ }).getByRole('row')).toHaveCount(1 + 30 + 1);
  await expect(noScript.locator('#report-chart canvas')).toHaveCount(0);
});

test('every desk page uses the back-office frame and fits 390 px', async ({ browser }) => {
  const page = await ownerPage(browser);
  const orderNumber = await placeOrderAs(page, OWNER);
  await page.setViewportSize(PHONE);
  for (const path of [...DESK_PAGES, `/admin/orders/${orderNumber}`]) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Back office' }), path).toBeVisible();
    await expect(page.getByRole('region', { name: 'Offers' }), path).toHaveCount(0);
    await expect(
      page
        .getByRole('button', { name: 'Rewards', exact: true })
        .or(page.getByRole('link', { name: 'Rewards', exact: true })),
      path,
    ).toHaveCount(0);
    expect(await pageScrollsSideways(page), `${path} scrolls sideways at 390 px`).toBe(false);
    await expectNoAxeViolations(page, `${path} at 390 px`);
  }
  // On a phone the orders list keeps each order's status and total in view, with nothing to scroll.
  await page.goto('/admin/orders');
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: orderNumber });
  await expect(row.getByText('Pending', { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole('cell').last()).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole('cell').last()).toHaveText(/^₹[\d,]+$/);
});

test('the owner opens a customer (orders, points, no secrets) and grants points; the staff role cannot', async ({
  browser,
}) => {
  const shopperEmail = `customer-desk-${unique()}@example.in`;
  const shopper = await (await browser.newContext()).newPage();
  await signUp(shopper, shopperEmail);
  const orderNumber = await placeOrderAs(shopper, shopperEmail);
  const sessionToken = (await shopper.context().cookies()).find((c) => c.name.endsWith('session_token'))!.value;

  const page = await ownerPage(browser);
  await page.goto('/admin/customers');
  await page.getByLabel('Name or email').fill(shopperEmail.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page
    .getByRole('table', { name: 'Customers, newest first' })
    .getByRole('row')
    .filter({ hasText: shopperEmail });
  await expect(row.getByRole('cell').nth(2)).toHaveText('1'); // one order
  await expectNoAxeViolations(page, 'customers list');
  await row.getByRole('link', { name: 'Asha Rao' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asha Rao' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: orderNumber })).toHaveAttribute(
    'href',
    `/admin/orders/${orderNumber}`,
  );
  await expect(page.getByRole('table', { name: /^Points ledger/ })).toContainText('Sign-up bonus');
  const html = await page.content();
  expect(html).not.toContain(sessionToken.split('.')[0]);
  expect(html).not.toMatch(/[0-9a-f]{32}:[0-9a-f]{64,}/); // better-auth's scrypt "salt:key" password hash
  await expectNoAxeViolations(page, 'customer detail (desktop)');
  await page.setViewportSize(PHONE);
  expect(await pageScrollsSideways(page)).toBe(false);
  await expectNoAxeViolations(page, 'customer detail (390 px)');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A grant over the cap is refused with the reason; a grant at the cap lands in the ledger with the granter.
  await page.getByRole('link', { name: 'Grant points' }).click();
  await expect(page.getByLabel('Customer email')).toHaveValue(shopperEmail);
  await page.getByLabel('Points').fill('10001');
  await page.getByRole('button', { name: 'Grant points' }).click();
  await expect(page.getByRole('alert')).toHaveText('Points must be a whole number from 1 to 10,000.');
  await expect(page.getByLabel('Points')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'grant refused');
  await page.getByLabel('Points').fill('10000');
  await page.getByRole('button', { name: 'Grant points' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(`Granted 10,000 points to ${shopperEmail}.`);
  await expect(
    page.getByRole('table', { name: 'Latest grants' }).getByRole('row').filter({ hasText: shopperEmail }).first(),
  ).toContainText(OWNER);

  // The owner makes another account "staff": it reaches the desk, but not points or customers; a grant is 403.
  const packerEmail = `packer-${unique()}@example.in`;
  const packer = await (await browser.newContext()).newPage();
  await signUp(packer, packerEmail);
  await page.goto('/admin/staff');
  await page.getByLabel('Account email').fill(packerEmail);
  await page.getByLabel('Role').selectOption('staff');
  await page.getByRole('button', { name: 'Add or change' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(`${packerEmail} is now staff.`);

  const packerMenu = await accountMenu(packer);
  await expect(packerMenu.getByRole('link', { name: 'Back office' })).toBeVisible();
  for (const path of ['/admin/rewards', '/admin/customers'])
    expect((await packer.request.get(path)).status(), path).toBe(403);
  const origin = new URL(packer.url()).origin;
  const post = await packer.request.post('/admin/rewards', {
    form: { email: shopperEmail, points: '500', reason: 'Nice customer' },
    headers: { origin },
  });
  expect(post.status()).toBe(403);
  expect(await post.text()).toBe(
    'Only an owner or an admin can see customer data (customers, subscribers, consultation leads, reports and their exports).',
  );
});

test('a staff member’s desk menu shows only their desks; a returned order offers them no refund and a forged one is 403', async ({
  browser,
}) => {
  test.setTimeout(120_000); // an order taken through delivery and a return
  const shopperEmail = `refund-${unique()}@example.in`;
  const shopper = await (await browser.newContext()).newPage();
  await signUp(shopper, shopperEmail);
  const orderNumber = await placeOrderAs(shopper, shopperEmail);
  const owner = await ownerPage(browser);
  const packer = await memberPage(browser, owner, 'staff');
  const origin = new URL(owner.url()).origin;
  const move = async (page: Page, fields: Record<string, string>) =>
    page.request.post(`/admin/orders/${orderNumber}`, { form: fields, headers: { origin } });

  await packer.goto('/admin/orders');
  // At desktop width the row of tabs is the visible one (the phone disclosure is hidden).
  await expect(packer.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText([
    'Orders',
    'Products',
    'Stock expiry',
    'Reviews',
    'Discount codes',
    'Payments',
    'Couriers',
    'Delivery',
    'Appointments',
  ]);
  await expectNoAxeViolations(packer, 'orders desk as staff');

  // Staff ship and deliver; the shopper asks for a return; staff accept it and mark the parcel received.
  const deliver: Record<string, string>[] = [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL55501' },
    { move: 'deliver' },
  ];
  for (const fields of deliver) {
    expect((await move(packer, fields)).status(), fields.move).toBe(200);
  }
  await shopper.goto(`/orders/${orderNumber}`);
  const returnForm = shopper.getByRole('form', { name: 'Return this order' });
  await returnForm.getByRole('radio', { name: /^Defective/ }).check();
  await returnForm.getByLabel('Describe the problem').fill('The jar arrived cracked and leaking.');
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(40)]);
  await returnForm.getByLabel(/^Photos/).setInputFiles({ name: 'jar.png', mimeType: 'image/png', buffer: TINY_PNG });
  await returnForm
    .getByLabel('Unboxing video')
    .setInputFiles({ name: 'unboxing.mp4', mimeType: 'video/mp4', buffer: mp4 });
  await returnForm.getByRole('radio', { name: 'UPI ID' }).check();
  await returnForm.getByRole('textbox', { name: /^UPI ID/ }).fill('refund.buyer@okhdfcbank');
  await returnForm.getByRole('button', { name: 'Request a return' }).click();
  await expect(shopper.getByRole('main').getByRole('status')).toHaveText(
    'Your return request has been sent. We reply within 48 working hours.',
  );
  for (const fields of [{ move: 'accept_return' }, { move: 'receive_return' }])
    expect((await move(packer, fields)).status(), fields.move).toBe(200);

  await packer.goto(`/admin/orders/${orderNumber}`);
  const status = packer.getByRole('region', { name: 'Status' });
  await expect(status).toContainText('Returned');
  await expect(status).toContainText('Only an owner or an admin can refund an order.');
  await expect(packer.getByRole('button', { name: 'Mark refunded' })).toHaveCount(0);
  await expect(packer.getByLabel(/^Refund amount/)).toHaveCount(0);
  // Staff make no payout: they see where it goes masked only, and the full UPI ID nowhere on the page.
  await expect(packer.getByText('Refund to: UPI r•••@okhdfcbank')).toBeVisible();
  expect(await packer.content()).not.toContain('refund.buyer@okhdfcbank');
  expect((await move(packer, { move: 'refund', refundAmount: '1' })).status()).toBe(403);
  await packer.reload();
  await expect(status).toContainText('Returned');

  await owner.goto(`/admin/orders/${orderNumber}`);
  await expect(owner.getByRole('button', { name: 'Mark refunded' })).toBeVisible();
  await expect(owner.getByText('Send it to UPI refund.buyer@okhdfcbank.')).toBeVisible();
});
