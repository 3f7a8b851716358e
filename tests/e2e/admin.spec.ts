// The staff's orders desk: an owner confirms, ships and delivers a real order, the customer sees each
// step on the tracking page, asks for a return the policy allows, and reads the staff's reason when it
// is declined; customers cannot reach the desk.
import { expect, test } from '@playwright/test';
import { OWNER, signInOwner, signUp } from './accounts';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';
import { latestMail } from './mail';
import { TINY_PNG } from '../support/images';
import { TEST_ADDRESS } from '../support/test-address';

test('customers are turned away from the desk; signed-out visitors are asked to sign in', async ({ page }) => {
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fadmin%2Forders/);
  await signUp(page, `curious-${Date.now()}@example.in`);
  for (const path of ['/admin/orders', '/admin/discounts', '/admin/rewards', '/admin/staff']) {
    expect((await page.goto(path))?.status(), path).toBe(403);
  }
  const origin = new URL(page.url()).origin;
  const forged = await page.request.post('/admin/discounts', {
    form: { intent: 'create', code: 'free100', kind: 'percent', value: '100' },
    headers: { origin },
  });
  expect(forged.status()).toBe(403);
});

test('an owner moves a guest’s COD order to delivered and declines its return; the shopper sees each step', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000); // a long journey: desk, tracking, the return form, its decision and the discount codes
  const email = `desk-${Date.now()}@example.in`;
  expect(
    (await request.post('/api/cart', { data: { intent: 'add', productId: 2, months: 1, quantity: 1 } })).ok(),
  ).toBe(true);
  const placed = await request.post('/api/checkout', {
    data: {
      email,
      phone: '9876543210',
      idempotencyKey: `desk-e2e-${Date.now()}-abcdef`,
      address: TEST_ADDRESS,
    },
  });
  expect(placed.status()).toBe(201);
  const { orderNumber, url } = (await placed.json()) as { orderNumber: string; url: string };

  await signInOwner(page);
  await page.goto('/admin/staff');
  await expect(page.getByRole('row').filter({ hasText: OWNER })).toContainText('owner');
  await expectNoAxeViolations(page, 'staff members');
  await page.goto('/admin/orders?status=pending');
  await expectNoAxeViolations(page, 'orders desk');
  await page.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expectNoAxeViolations(page, 'desk order page');

  await page.getByRole('button', { name: 'Confirm COD order' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Order marked confirmed');
  await page.getByLabel('Courier').selectOption('Delhivery');
  await page.getByLabel('Tracking number').fill('DLV1234567');
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Order marked shipped');
  // Once shipped, the shopper's tracking page shows the courier and tracking number and the dates.
  const track = async () => {
    await page.goto('/track');
    const form = page.getByRole('main');
    await form.getByLabel(/Order ID/).fill(orderNumber.toLowerCase());
    await form.getByLabel(/Email/).fill(email);
    await form.getByRole('button', { name: /Track/ }).click();
  };
  await track();
  await expect(page.getByRole('main').getByText('Courier: Delhivery · Tracking number DLV1234567')).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByText(/^Shipped on .* Estimated delivery by .* \([578] days after dispatch to your PIN code\)\.$/),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'track order, shipped');

  await page.goto(`/admin/orders/${orderNumber}`);
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Order marked delivered');
  await expect(page.getByText('Nothing to do: this order is delivered.')).toBeVisible();
  expect(await latestMail(email, 'order_shipped')).toContain('DLV1234567');

  // The shopper's tracking page shows every stage done.
  await track();
  for (const stage of ['Order Placed', 'Shipped', 'Out for Delivery', 'Delivered']) {
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: stage })).toContainText(
      `${stage} (done)`,
    );
  }
  await expect(page.getByRole('main').getByText(/Tracking number DLV1234567/)).toBeVisible();
  await expect(page.getByRole('main').getByText(/^Delivered on /)).toBeVisible();

  // Within 7 days of delivery the shopper asks to return it from the order link. The form follows the
  // Refunds policy: a change of mind is refused with the policy's reason, before anything is stored.
  await page.goto(url);
  const returnForm = page.getByRole('form', { name: 'Return this order' });
  await returnForm.getByRole('radio', { name: 'I changed my mind or do not like the taste' }).check();
  await returnForm.getByRole('button', { name: 'Request a return' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Change of mind and taste preference cannot be refunded (Refunds policy, section 4).',
  );
  await expectNoAxeViolations(page, 'return form with errors');
  await returnForm.getByRole('radio', { name: /^Defective/ }).check();
  await returnForm.getByLabel('Describe the problem').fill('The capsules inside the sealed jar were mouldy.');
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(40)]);
  await returnForm.getByLabel(/^Photos/).setInputFiles([
    { name: 'jar.png', mimeType: 'image/png', buffer: TINY_PNG },
    { name: 'label.png', mimeType: 'image/png', buffer: TINY_PNG },
  ]);
  await returnForm
    .getByLabel('Unboxing video')
    .setInputFiles({ name: 'unboxing.mp4', mimeType: 'video/mp4', buffer: mp4 });
  // Cash on delivery: the refund would go to the UPI ID the shopper gives here.
  await returnForm.getByRole('radio', { name: 'UPI ID' }).check();
  await returnForm.getByRole('textbox', { name: /^UPI ID/ }).fill('guest.buyer@okhdfcbank');
  await returnForm.getByRole('button', { name: 'Request a return' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Your return request has been sent. We reply within 48 working hours.',
  );

  // The desk sees the request and declines it with a reason; the shopper is told exactly that.
  await page.goto(`/admin/orders/${orderNumber}`);
  await expect(page.getByText('The capsules inside the sealed jar were mouldy.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Unboxing video' })).toBeVisible();
  // Where a refund would go, masked; the customer's phone is a tap-to-call and a WhatsApp link.
  await expect(page.getByText('UPI g•••@okhdfcbank')).toBeVisible();
  await expect(page.getByText('guest.buyer@okhdfcbank')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', /^tel:\+91[6-9]\d{9}$/);
  await expect(page.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/91[6-9]\d{9}$/,
  );
  await expectNoAxeViolations(page, 'desk order page with a return');
  const note = 'The video shows an opened jar before recording began, so we cannot accept this return.';
  await page.getByLabel('Reason the customer will read').fill(note);
  await page.getByRole('button', { name: 'Decline return' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Order marked return declined');
  const declined = await latestMail(email, 'return_declined');
  expect(declined).toContain(`Subject: Your return request for ${orderNumber} was declined`);
  expect(declined).toContain(note);
  expect(declined).not.toContain('has been delivered');
  await page.goto(url);
  await expect(page.getByRole('main').getByText(`Note from our team: ${note}`)).toBeVisible();
  await expect(page.getByRole('main').getByText('Status: Declined')).toBeVisible();
  await expectNoAxeViolations(page, 'order page with a declined return');

  // The owner creates a festival code; a shopper applies it in the cart drawer at once.
  await page.goto('/admin/discounts');
  await expect(
    page.getByRole('list', { name: 'Discount codes' }).getByRole('heading', { name: 'SAVE10' }),
  ).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill('Diwali15');
  await page.getByLabel('Value').fill('150');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByText('A percentage must be a whole number from 1 to 100.')).toBeVisible();
  await page.getByLabel('Value').fill('15');
  await page.getByLabel('Uses in all').fill('100');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Code DIWALI15 created.');
  await expect(page.getByRole('listitem').filter({ hasText: 'DIWALI15' })).toContainText('Used 0 of 100 times');
  await expectNoAxeViolations(page, 'discount codes');

  const shopper = await page.context().browser()!.newPage();
  expect((await shopper.request.post('/api/cart', { data: { intent: 'add', productId: 1, quantity: 1 } })).ok()).toBe(
    true,
  );
  await shopper.goto('/shop-all');
  const cartLink = shopper.getByRole('banner').getByRole('link', { name: /^Cart, / });
  await whenHydrated(cartLink);
  await cartLink.click();
  const drawer = shopper.getByRole('dialog', { name: 'Your Cart' });
  await drawer.getByLabel('Discount code').fill('diwali15');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByText('DIWALI15 (15% off)')).toBeVisible();
  await expect(drawer.locator('[data-total]')).toHaveText('₹849');
  await shopper.close();

  // Switched off, the code stops working.
  await page.getByRole('button', { name: 'Switch off DIWALI15' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Code DIWALI15 switched off.');
});
