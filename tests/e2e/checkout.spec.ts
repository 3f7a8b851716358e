// Cash-on-delivery checkout: cart → checkout → confirmation → tracking, with and without JavaScript.
import { expect, test, type Page } from '@playwright/test';
import { pinAnswer } from '../../src/features/delivery/delivery-estimate';
import { formatOrderDate } from '../../src/features/orders/status';
import { signUp } from './accounts';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';
import { latestMail, linkIn } from './mail';

async function fillCheckout(page: Page, email: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel(/Mobile number/).fill('+91 98765 43210');
  await main.getByLabel('Full name').fill('Asha Rao');
  await main.getByLabel('House, street, area').fill('12 Ganga Road');
  await main.getByLabel('City or town').fill('Haridwar');
  await main.getByLabel('State or union territory').selectOption('Uttarakhand');
  await main.getByLabel('PIN code').fill('249401');
}

async function track(page: Page, orderId: string, email: string) {
  await page.goto('/track');
  await page.getByRole('main').getByLabel('Order ID').fill(orderId);
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Track Order' }).click();
}

test('add to cart, check out with cash on delivery, see the confirmation and the mail, track the order', async ({
  page,
  browser,
}) => {
  const email = `asha.${Date.now()}@example.in`;
  await page.goto('/product/1');
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const add = page.getByRole('button', { name: 'Add to Cart' }).first();
  await whenHydrated(add);
  await add.click();
  await expect(page.getByText(`Added ${name} to cart!`)).toBeVisible();

  await page.goto('/checkout');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await whenHydrated(page.getByRole('main').getByLabel('Email'));
  await expect(summary.getByText(name)).toBeVisible();
  // Server prices: the ₹999 plan is above ₹499, so shipping is free.
  await expect(summary.getByRole('definition').filter({ hasText: 'Free' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
  await expectNoAxeViolations(page, 'checkout');

  // A wrong field is named and nothing is placed.
  await fillCheckout(page, email);
  await page.getByRole('main').getByLabel('PIN code').fill('012345');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Please enter a 6-digit PIN code.')).toBeVisible();
  await expectNoAxeViolations(page, 'checkout with errors');

  // save10 is applied by the server and shown in the breakup.
  await page.getByRole('main').getByLabel('PIN code').fill('249401');
  await summary.getByLabel('Discount code').fill('save10');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText('SAVE10 (10% off)')).toBeVisible();

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/VA-[2-9A-HJKMNP-Z]{8}\?token=/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Order #VA-/);
  const orderNumber = (await heading.textContent())!.replace('Order #', '').trim();
  await expect(page.getByRole('main').getByText(name)).toBeVisible();
  await expect(page.getByText('SAVE10 (10% off)')).toBeVisible();
  await expectNoAxeViolations(page, 'order confirmation');

  // The cart was emptied with the order: the badge reads 0 here and on the next page.
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
  await page.goto('/shop-all');
  await whenHydrated(page.getByRole('link', { name: /^Cart, / }));
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  // The confirmation mail's button opens the order without signing in, where the customer may confirm
  // it (nothing happens on opening: mail scanners follow links) or pay online instead.
  const mail = await latestMail(email, 'order_confirmation');
  expect(mail).toContain(`Subject: We received your order ${orderNumber}`);
  expect(mail).toContain('It is not confirmed yet');
  const link = new URL(linkIn(mail, 'Confirm your order'));
  expect(link.hash).toBe('#confirm-order');
  const guest = await browser.newPage();
  await guest.goto(link.pathname + link.search);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(`Order #${orderNumber}`);
  await expect(guest.getByRole('button', { name: 'Confirm my order' })).toBeVisible();
  await expect(guest.getByRole('button', { name: /^Pay ₹[\d,]+ online$/ })).toBeVisible();

  // The mail offers paying online instead, with the page's online total and saving, and links to that form.
  const instead = guest.getByRole('form', { name: 'Pay online instead' });
  const [, onlineTotal, saving] = (await instead.getByText(/^Pay ₹[\d,]+ now by UPI/).textContent())!.match(
    /^Pay (₹[\d,]+) now by UPI, card, netbanking or wallet and save (₹[\d,]+);/,
  )!;
  expect(mail).toContain(
    `Rather pay now? Pay ${onlineTotal} online by UPI, card, netbanking or wallet and save ${saving}: your order is confirmed as soon as it is paid, with no call.`,
  );
  const payLink = new URL(linkIn(mail, 'Pay online instead'));
  expect(payLink.hash).toBe('#pay-instead');

  // Tracking by number (any case) and email marks Order Placed only.
  await track(page, orderNumber.toLowerCase(), email.toUpperCase());
  await expect(page.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
  const stages = page.getByRole('main').getByRole('listitem');
  await expect(stages.filter({ hasText: 'Order Placed' })).toContainText('(done)');
  await expect(stages.filter({ hasText: 'Shipped' })).toContainText('Upcoming');
  await expect(
    page.getByText(
      // The one promise: the day the PIN check names for Haridwar before the order.
      `then 7 days to your PIN code: estimated delivery by ${formatOrderDate(new Date(pinAnswer({ pin: '249401', district: 'Haridwar', state: 'Uttarakhand' }, new Date()).deliverBy))}.`,
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'track order result');

  // A wrong email gets the same answer as an unknown order.
  await track(page, orderNumber, 'someone.else@example.in');
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await expect(page.getByText('Please double-check your Order ID and Email.')).toBeVisible();
  await expectNoAxeViolations(page, 'track order not found');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  // Last, as it turns the order into one paid online: the mail's second link leads to a form that works.
  await guest.goto(payLink.pathname + payLink.search + payLink.hash);
  await instead.getByRole('button', { name: `Pay ${onlineTotal} online` }).click();
  // The test gateway's page asks for the online total: the order switched to paying online with the offer.
  await expect(guest).toHaveURL(/\/test-gateway\/pay\/plink_/);
  await expect(guest.getByRole('button', { name: `Pay ${onlineTotal}`, exact: true })).toBeVisible();
  await guest.close();
});

test('a signed-in customer gets 30 % off the first order, pays part with points, sees it in Your Orders and cancels it', async ({
  page,
  browser,
}) => {
  // Sign-up, two orders, points and a cancellation: about 40 s on a loaded two-core machine.
  test.slow();
  const email = `meera.${Date.now()}@example.in`;
  await signUp(page, email, 'Sup3r-secret-pass', 'Meera Iyer');

  expect(
    (await page.request.post('/api/cart', { data: { intent: 'add', productId: 5, months: 1, quantity: 2 } })).ok(),
  ).toBe(true);
  await page.goto('/checkout');
  const main = page.getByRole('main');
  await whenHydrated(main.getByLabel('Email'));
  await expect(main.getByLabel('Email')).toHaveValue(email);
  await expect(main.getByLabel('Full name')).toHaveValue('Meera Iyer');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByText('First order (30% off)')).toBeVisible();
  await main.getByLabel(/Mobile number/).fill('9876543210');
  await main.getByLabel('House, street, area').fill('4 MG Road');
  await main.getByLabel('City or town').fill('Bengaluru');
  await main.getByLabel('State or union territory').selectOption('Karnataka');
  await main.getByLabel('PIN code').fill('560001');
  // The sign-up bonus (10,000 points = ₹200) pays part of the goods.
  await main.getByLabel(/Pay with my reward points \(10,000 points, worth ₹200\)/).check();
  await expect(summary.getByText('Reward points (10,000)')).toBeVisible();
  await expect(summary.getByText('₹849')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/VA-/);
  const orderNumber = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Order #', '').trim();

  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Your Orders', level: 1 })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: `Order #${orderNumber}` });
  await expect(card.getByText('Pending')).toHaveClass(/bg-yellow-100/);
  await expect(card.getByText(/^Placed on /)).toBeVisible();
  await expect(card.getByText('Total: ₹849')).toBeVisible();
  await expectNoAxeViolations(page, 'your orders');

  await card.getByRole('link', { name: `Order #${orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderNumber}$`));
  await expect(page.getByRole('heading', { name: 'Status history' })).toBeVisible();
  await expectNoAxeViolations(page, 'order detail');
  // Cancelling asks first (a step of its own, so it holds without JavaScript too); keeping the order changes nothing.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByRole('form', { name: 'Cancel this order?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, 'cancel confirmation');
  await confirm.getByRole('link', { name: 'No, keep my order' }).click();
  await expect(page.getByRole('form', { name: 'Cancel this order?' })).toHaveCount(0);
  await expect(page.getByRole('main').getByText('Pending', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page
    .getByRole('form', { name: 'Cancel this order?' })
    .getByRole('button', { name: 'Yes, cancel the order' })
    .click();
  await expect(page.getByText(/Your order has been cancelled/)).toBeVisible();
  await page.goto('/orders');
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: `Order #${orderNumber}` })
      .getByText('Cancelled'),
  ).toHaveClass(/bg-gray-200/);
  // The points spent come back; the ones the order earned are taken back.
  await page.goto('/dashboard');
  await expect(page.getByText(/10,000\s*points, worth ₹200/)).toBeVisible();

  // Another customer is told the order does not exist.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage, `other.${Date.now()}@example.in`, 'Sup3r-secret-pass', 'Other Person');
  expect((await otherPage.goto(`/orders/${orderNumber}`))?.status()).toBe(404);
  await other.close();
});

test('signed-out visitors are sent to sign in before Your Orders', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Forders$/);
});

test('/Track leads to the track page', async ({ page }) => {
  await page.goto('/Track');
  await expect(page).toHaveURL(/\/track$/);
  await expect(page.getByRole('heading', { name: 'Track Your Order' })).toBeVisible();
  await expectNoAxeViolations(page, 'track order');
});

/** Adds a product with the product page's form (no JavaScript): it lands on /cart. */
async function addWithoutJavaScript(
  page: Page,
  productId: number,
  options: { months?: string; quantity?: string } = {},
) {
  await page.goto(`/product/${productId}`);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  if (options.months)
    await page
      .getByRole('radio', { name: new RegExp(options.months) })
      .first()
      .check({ force: true });
  if (options.quantity) await page.getByRole('spinbutton', { name: 'Quantity' }).fill(options.quantity);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page).toHaveURL(/\/cart\?notice=add/);
  await expect(page.getByText(`Added ${name} to cart!`)).toBeVisible();
  return name;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('product page → add → cart → checkout → order placed, keeping what was typed', async ({ page }) => {
    const email = `nojs.${Date.now()}@example.in`;
    const name = await addWithoutJavaScript(page, 2, { months: '2 months', quantity: '2' });
    // The header's cart is a link to this page.
    await expect(page.getByRole('banner').getByRole('link', { name: /^Cart, / })).toHaveAttribute('href', '/cart');
    const cart = page.getByRole('main');
    await expect(cart.getByRole('link', { name })).toBeVisible();
    await cart.getByRole('button', { name: `Decrease quantity of ${name}` }).click();
    await expect(page.getByText('Your cart has been updated.')).toBeVisible();
    await cart.getByRole('link', { name: 'Checkout' }).click();

    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByRole('link', { name })).toBeVisible();
    await fillCheckout(page, email);
    // Apply re-prices on the server and keeps what was typed.
    await summary.getByLabel('Discount code').fill('SAVE10');
    await summary.getByRole('button', { name: 'Apply' }).click();
    await expect(summary.getByText('SAVE10 (10% off)')).toBeVisible();
    await expect(page.getByRole('main').getByLabel('City or town')).toHaveValue('Haridwar');
    const total = await summary.locator('[data-total]').textContent();

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/VA-[2-9A-HJKMNP-Z]{8}\?token=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order #VA-/);
    await expect(page.getByText('Asha Rao, 12 Ganga Road, Haridwar, Uttarakhand 249401')).toBeVisible();
    await expect(page.getByRole('main').getByText(total!).first()).toBeVisible();

    // The order emptied the cart.
    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  });

  test('a mistake comes back with the typed values kept, and bad cart input changes nothing', async ({ page }) => {
    await addWithoutJavaScript(page, 2);
    await page.goto('/checkout');
    await fillCheckout(page, 'kept@example.in');
    await page
      .getByRole('main')
      .getByLabel(/Mobile number/)
      .fill('12345');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(
      page.getByText('Please enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9).'),
    ).toBeVisible();
    await expect(page.getByRole('main').getByLabel('Email')).toHaveValue('kept@example.in');
    await expect(page.getByRole('main').getByLabel('City or town')).toHaveValue('Haridwar');

    // Forged or broken cart forms: a clear message and a 4xx, the cart as it was.
    const origin = new URL(page.url()).origin;
    for (const [form, message] of [
      [{ intent: 'add', productId: '99999', quantity: '1' }, 'That product is not in our catalogue.'],
      [{ intent: 'add', productId: '2', months: '7', quantity: '1' }, 'Please choose a plan of 1 to 4 months.'],
      [{ intent: 'add', productId: '2', quantity: '0' }, 'Please choose a quantity from 1 to 999.'],
      [{ intent: 'add', productId: '2', quantity: '10000' }, 'Please choose a quantity from 1 to 999.'],
      [{ intent: 'add', productId: '2', quantity: 'abc' }, 'Please choose a quantity from 1 to 999.'],
    ] as const) {
      const response = await page.request.post('/cart', { form, headers: { origin } });
      expect(response.status(), JSON.stringify(form)).toBe(422);
      expect(await response.text()).toContain(message);
    }
    const cart = await (await page.request.get('/api/cart')).json();
    expect(cart.cart.items.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity])).toEqual([
      [2, 1],
    ]);
  });
});

test('on a phone the floating chat and rewards buttons step aside while a form field is being filled', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await page.request.post('/api/cart', { data: { intent: 'add', productId: 1, quantity: 1 } })).ok()).toBe(
    true,
  );
  await page.goto('/checkout');
  const chat = page.getByRole('list', { name: 'Chat and follow' });
  // A link to the dashboard's rewards until its island runs, then the button opening the panel.
  const rewards = page
    .getByRole('button', { name: 'Rewards', exact: true })
    .or(page.getByRole('link', { name: 'Rewards', exact: true }));
  await expect(chat).toBeVisible();
  await expect(rewards).toBeVisible();
  await page.getByRole('main').getByLabel('Email').focus();
  await expect(chat).toBeHidden();
  await expect(rewards).toBeHidden();
  await page.getByRole('main').getByLabel('Email').blur();
  await expect(chat).toBeVisible();
  await expect(rewards).toBeVisible();
});
