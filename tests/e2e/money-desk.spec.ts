// The desk for money on a 390 px phone: the orders list filters by payment with a plain GET form (no
// JavaScript), names how each order is paid and has Call and WhatsApp links on every row; an order paid
// online by UPI through the built-in test gateway shows its method, the gateway (test mode), the gateway
// payment id, what was captured and when, and the tries at the gateway; its refund after a return asks
// for no payout reference and shows as a refund through the gateway. Axe on each page.
import { expect, type Browser, type Page, test } from '@playwright/test';
import { TINY_PNG } from '../support/images';
import { ownerPage, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { addToCart, fillCheckout } from './checkout-form';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** A shopper without JavaScript orders one pack paid online and lands on the gateway's hosted page. */
async function orderOnline(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await addToCart(page, 3, { javaScript: false });
  await fillCheckout(page, { email });
  await page.getByRole('radio', { name: /Pay online/ }).check();
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/test-gateway\/pay\/plink_/);
  return page;
}

test('the owner filters orders by payment without JavaScript and reads an online payment on the order page', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `money-desk-${unique()}@example.in`;

  // Paid by UPI on the hosted page (UPI is chosen first).
  const shopper = await orderOnline(browser, email);
  await expect(shopper.getByRole('radio', { name: 'UPI (any UPI app)' })).toBeChecked();
  await shopper.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(shopper).toHaveURL(/\/order\/(VA-[A-Z0-9]+)\?token=.*&payment=paid/);
  const paidNumber = /\/order\/(VA-[A-Z0-9]+)/.exec(shopper.url())![1];
  // Another left on the gateway's page: awaiting payment.
  await orderOnline(browser, email);
  // And one cash on delivery, through the shop's API.
  const origin = new URL(shopper.url()).origin;
  const cart = await browser.newContext();
  expect(
    (
      await cart.request.post(`${origin}/api/cart`, {
        data: { intent: 'add', productId: 2, months: 1, quantity: 1 },
        headers: { origin },
      })
    ).ok(),
  ).toBe(true);
  const placed = await cart.request.post(`${origin}/api/checkout`, {
    headers: { origin },
    data: {
      email,
      phone: '9876543210',
      idempotencyKey: `money-desk-${unique()}-abcdef`,
      address: { name: 'Asha Rao', line1: '7 Lake Road', line2: '', city: 'Pune', state: 'Maharashtra', pin: '411001' },
    },
  });
  expect(placed.status()).toBe(201);
  const codNumber = ((await placed.json()) as { orderNumber: string }).orderNumber;

  // The owner's phone, without JavaScript: the filter is a GET form.
  const owner = await ownerPage(browser, { viewport: PHONE, javaScriptEnabled: false });
  await owner.goto(`/admin/orders?${new URLSearchParams({ q: email })}`);
  const table = owner.getByRole('table', { name: 'Orders' });
  const rows = table.getByRole('row').filter({ hasText: 'VA-' });
  await expect(rows).toHaveCount(3);
  // Every order: how it is paid, and Call and WhatsApp links to the customer's mobile.
  for (const row of await rows.all()) {
    await expect(row.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', 'tel:+919876543210');
    await expect(row.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/919876543210');
  }
  await expect(rows.filter({ hasText: paidNumber })).toContainText('Paid online (UPI)');
  await expect(rows.filter({ hasText: codNumber })).toContainText('Cash on delivery');
  const awaitingRow = rows.filter({ hasNotText: paidNumber }).filter({ hasNotText: codNumber });
  await expect(awaitingRow).toContainText('Awaiting payment');
  const awaitingNumber = (await awaitingRow.getByRole('link', { name: /^VA-/ }).textContent())!.trim();
  expect(await scrollsSideways(owner)).toBe(false);

  const filterBy = async (choice: string) => {
    await owner.getByLabel('Payment', { exact: true }).selectOption({ label: choice });
    await owner.getByRole('button', { name: 'Filter' }).click();
  };
  await filterBy('Paid online');
  await expect(owner).toHaveURL(/[?&]payment=online/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(paidNumber);
  await expect(owner.getByLabel('Payment', { exact: true })).toHaveValue('online');
  await filterBy('Awaiting payment');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(awaitingNumber);
  await filterBy('Cash on delivery');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(codNumber);
  await filterBy('All');
  await expect(rows).toHaveCount(3);

  // The order paid online: method, gateway in test mode, its payment id, what was captured and when, its tries.
  await owner.goto(`/admin/orders/${paidNumber}`);
  const panel = owner.getByRole('region', { name: 'Payment' });
  await expect(panel).toContainText('Paid online by UPI');
  await expect(panel).toContainText('Built-in test gateway (test mode: no real money moved)');
  await expect(panel.getByText(/^pay_\w+$/)).toBeVisible();
  await expect(panel).toContainText(/Captured₹[\d,]+ on \d+ \w+ \d{4}/);
  await expect(panel.getByRole('listitem').filter({ hasText: /Hosted payment page, link plink_\w+/ })).toHaveCount(1);
  await expect(panel).toContainText('Refunds through the gateway');
  await expect(owner.getByRole('main')).toContainText('Paid online');
  await expect(owner.getByRole('main')).not.toContainText('Collect on delivery');
  expect(await scrollsSideways(owner)).toBe(false);

  // The same pages with scripts on, for axe (which needs them).
  const scripted = await ownerPage(browser, { viewport: PHONE });
  await scripted.goto(`/admin/orders?${new URLSearchParams({ q: email, payment: 'online' })}`);
  await expect(scripted.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: 'VA-' })).toHaveCount(
    1,
  );
  await expectNoAxeViolations(scripted, 'orders desk filtered by payment at 390 px');
  await scripted.goto(`/admin/orders/${paidNumber}`);
  await expect(scripted.getByRole('region', { name: 'Payment' })).toBeVisible();
  await expectNoAxeViolations(scripted, 'desk order paid online at 390 px');
  await scripted.goto(`/admin/orders/${awaitingNumber}`);
  await expect(scripted.getByRole('region', { name: 'Payment' })).toContainText('Awaiting payment online until');
  await expectNoAxeViolations(scripted, 'desk order awaiting payment at 390 px');
  await scripted.context().close();
  await owner.context().close();
  await cart.close();
});

test('a prepaid order’s refund asks for no payout reference and goes back through the gateway', async ({ browser }) => {
  test.setTimeout(150_000); // an order paid, delivered, returned and refunded
  const shopper = await orderOnline(browser, `money-refund-${unique()}@example.in`);
  await shopper.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(shopper).toHaveURL(/\/order\/VA-[A-Z0-9]+\?token=.*&payment=paid/);
  const orderUrl = shopper.url().replace('&payment=paid', '');
  const orderNumber = /\/order\/(VA-[A-Z0-9]+)/.exec(orderUrl)![1];

  const owner = await ownerPage(browser, { viewport: PHONE });
  const origin = new URL(owner.url()).origin;
  const move = (fields: Record<string, string>) =>
    owner.request.post(`/admin/orders/${orderNumber}`, { form: fields, headers: { origin } });
  const steps: Record<string, string>[] = [
    { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL77701' },
    { move: 'deliver' },
  ];
  for (const fields of steps) expect((await move(fields)).status(), fields.move).toBe(200);

  // The shopper returns the jar; paid online, the form asks nowhere to send the money.
  await shopper.goto(orderUrl);
  const returnForm = shopper.getByRole('form', { name: 'Return this order' });
  await expect(returnForm.getByText('Where should we send your refund?')).toHaveCount(0);
  await returnForm.getByRole('radio', { name: /^Defective/ }).check();
  await returnForm.getByLabel('Describe the problem').fill('The jar arrived cracked and leaking.');
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(40)]);
  await returnForm.getByLabel(/^Photos/).setInputFiles({ name: 'jar.png', mimeType: 'image/png', buffer: TINY_PNG });
  await returnForm
    .getByLabel('Unboxing video')
    .setInputFiles({ name: 'unboxing.mp4', mimeType: 'video/mp4', buffer: mp4 });
  await returnForm.getByRole('button', { name: 'Request a return' }).click();
  await expect(shopper.getByRole('main').getByRole('status')).toContainText('Your return request has been sent.');
  for (const fields of [{ move: 'accept_return' }, { move: 'receive_return' }])
    expect((await move(fields)).status(), fields.move).toBe(200);

  await owner.goto(`/admin/orders/${orderNumber}`);
  const status = owner.getByRole('region', { name: 'Status' });
  await expect(status.getByLabel(/^Refund \(₹/)).toHaveAccessibleDescription(
    /Paid online: the refund goes back through the gateway .* no payout to make and no reference to enter/,
  );
  await expect(status.getByLabel(/Payout reference/)).toHaveCount(0);
  expect(await scrollsSideways(owner)).toBe(false);
  await expectNoAxeViolations(owner, 'refund form of a prepaid order at 390 px');
  await status.getByRole('button', { name: 'Mark refunded' }).click();
  await expect(owner.getByRole('main').getByRole('status')).toContainText('Order marked refunded');

  // The refund is the gateway's now: listed under Payment with its state.
  const refunds = owner
    .getByRole('region', { name: 'Payment' })
    .getByRole('listitem')
    .filter({ hasText: 'Returned items' });
  await expect(refunds).toHaveCount(1);
  await expect(refunds).toContainText(
    /₹[\d,.]+ · Returned items · (Queued \(not yet sent to the gateway\)|Pending at the gateway|Processed)/,
  );
  await expect(owner.getByRole('main')).toContainText('back through the gateway (see Payment)');
  await expectNoAxeViolations(owner, 'desk order refunded through the gateway at 390 px');
  await owner.context().close();
  await shopper.context().close();
});
