// A replacement on a 390 px phone: the customer, without JavaScript, asks for a replacement of one
// line of a delivered cash-on-delivery order on the return form (a plain form); the desk accepts the return, marks it received and sends
// the replacement with a courier and tracking number; the customer's order page then shows the
// replacement with its tracking and its delivery challan, and no refund. Axe on each page.
import { expect, type Page, test } from '@playwright/test';
import { ownerPage } from './accounts';
import { expectNoAxeViolations } from './axe';
import { deskMoves, fillDamagedResinReturn, placeShilajitOrder } from './orders';
import { pdfText } from '../support/pdf';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('the customer asks for a replacement of one line; the desk accepts, receives and sends it; the order page shows its tracking', async ({
  browser,
}) => {
  test.setTimeout(150_000); // an order shipped, delivered, returned and replaced
  const page = await (await browser.newContext({ viewport: PHONE, javaScriptEnabled: false })).newPage();
  const { origin, orderNumber } = await placeShilajitOrder(page, { more: [4] });
  const owner = await ownerPage(browser, { viewport: PHONE });
  await deskMoves(owner, orderNumber, origin, [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL555000111' },
    { move: 'deliver' },
  ]);

  // The customer sends back the resin and asks for the same product again.
  await page.goto(`/orders/${orderNumber}`);
  const returnForm = page.getByRole('form', { name: 'Return this order' });
  await fillDamagedResinReturn(returnForm);
  await returnForm.getByRole('radio', { name: 'A replacement of the same product and plan' }).check();
  // The same shopper with JavaScript (axe runs in the page): the form and, later, the replacement.
  const scripted = await (
    await browser.newContext({ viewport: PHONE, storageState: await page.context().storageState() })
  ).newPage();
  await scripted.goto(`/orders/${orderNumber}`);
  await scripted
    .getByRole('form', { name: 'Return this order' })
    .getByRole('radio', { name: 'A replacement of the same product and plan' })
    .check();
  await expectNoAxeViolations(scripted, 'return form with a replacement chosen at 390 px');
  await returnForm.getByRole('button', { name: 'Request a return' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your return request has been sent.');
  const request = page.getByRole('region', { name: 'Your replacement request' });
  await expect(request).toContainText('You asked for: a replacement of the same product and plan');
  await expect(request).toContainText('Himalayan Shilajit Resin × 1');

  // The desk: accept, receive, then send the replacement with its courier and tracking number.
  await owner.goto(`/admin/orders/${orderNumber}`);
  await expect(owner.getByRole('main')).toContainText('Asks for: A replacement of the same product and plan');
  const status = owner.getByRole('region', { name: 'Status' });
  await status.getByRole('button', { name: 'Accept return' }).click();
  await expect(owner.getByRole('main').getByRole('status')).toContainText('Order marked return accepted');
  await status.getByRole('button', { name: 'Mark return received' }).click();
  await expect(owner.getByRole('main').getByRole('status')).toContainText('Order marked return received');
  // A replacement is sent, or switched to a refund; it is not refunded as it stands.
  await expect(status.getByRole('button', { name: 'Mark refunded' })).toHaveCount(0);
  await expect(status.getByRole('button', { name: 'Refund instead' })).toBeVisible();
  await status.getByLabel('Courier').selectOption('Blue Dart');
  await status.getByLabel('Tracking number').fill('BD777000222');
  await expect(status.getByRole('combobox', { name: /^Himalayan Shilajit Resin: 1 pack/ })).toBeVisible();
  expect(await scrollsSideways(owner)).toBe(false);
  await expectNoAxeViolations(owner, 'desk send-replacement form at 390 px');
  await status.getByRole('button', { name: 'Send replacement' }).click();
  await expect(owner.getByRole('main').getByRole('status')).toContainText('Order marked replacement shipped');
  await expect(owner.getByRole('main')).toContainText(/Replacement sent .* Blue Dart BD777000222 · no money moved/);
  await expect(status.getByRole('button', { name: 'Send replacement' })).toHaveCount(0);

  // The customer's order page shows the replacement and its tracking; no refund.
  for (const shopper of [page, scripted]) {
    await shopper.goto(`/orders/${orderNumber}`);
    const replaced = shopper.getByRole('region', { name: 'Your replacement request' });
    await expect(replaced).toContainText(/Replacement sent on .* with Blue Dart · tracking number BD777000222/);
    await expect(replaced).toContainText('Status: Replacement sent');
    await expect(replaced).not.toContainText('Refund:');
    await expect(shopper.getByRole('region', { name: 'Status history' })).toContainText('Replacement Shipped');
  }
  // The parcel travelled with a delivery challan (no new invoice): the customer downloads it.
  const challanLink = scripted.getByRole('link', {
    name: /^Download delivery challan VDC\/\d\d-\d\d\/\d{6} of your replacement/,
  });
  const challan = await scripted.request.get((await challanLink.getAttribute('href'))!);
  expect(challan.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(await challan.body());
  expect(text).toContain('DELIVERY CHALLAN');
  expect(text).toContain('Himalayan Shilajit Resin');
  expect(text).toContain('no tax is charged');
  expect(await scrollsSideways(scripted)).toBe(false);
  await expectNoAxeViolations(scripted, 'order page with a replacement sent at 390 px');
  await owner.context().close();
  await scripted.context().close();
  await page.context().close();
});
