// Paying online by UPI on a 390 px phone through the built-in test gateway, with and without JavaScript:
// the checkout shows both choices with their totals, the gateway (its hosted page, or its checkout opened
// in place) says it is test mode, and the order page shows the order paid and confirmed. A failed payment
// leaves the order waiting with "Pay now"; a forged return from the gateway shows an error and changes nothing.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, fillCheckout } from './checkout-form';
import { latestMail, linkIn } from './mail';

test.use({ viewport: { width: 390, height: 844 } });

async function checkoutOnline(page: Page, email: string) {
  await addToCart(page);
  await fillCheckout(page, { email });
  const online = page.getByRole('radio', { name: /Pay online: UPI, card, netbanking or wallet/ });
  const cod = page.getByRole('radio', { name: /Cash on Delivery/ });
  // Both choices with their totals, before choosing.
  await expect(online).toBeVisible();
  await expect(cod).toBeChecked();
  await expect(page.getByText('Test mode: online payments go to the store')).toBeVisible();
  await online.check();
  await expectNoAxeViolations(page, 'checkout with the payment choices');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper pays by UPI on the hosted page and comes back to a paid, confirmed order', async ({ page }) => {
    const email = `upi.nojs.${Date.now()}@example.in`;
    await addToCart(page, 3, { javaScript: false });
    await fillCheckout(page, { email });
    await page.getByRole('radio', { name: /Pay online/ }).check();
    await page.getByRole('button', { name: /Place Order/ }).click();

    // The gateway's hosted page: test mode, the amount, UPI first. A failure first, then a success.
    await expect(page).toHaveURL(/\/test-gateway\/pay\/plink_/);
    await expect(page.getByText('TEST MODE')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'UPI (any UPI app)' })).toBeChecked();
    await page.getByRole('button', { name: 'Make this payment fail' }).click();
    await expect(page.getByRole('alert')).toContainText('Payment failed');
    await page.getByRole('button', { name: /^Pay ₹/ }).click();

    await expect(page).toHaveURL(/\/order\/VA-[A-Z0-9]+\?token=.*&payment=paid/);
    await expect(page.getByText('Thank you: your payment was received and your order is confirmed.')).toBeVisible();
    await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(page.getByText(/Paid online \(UPI\)/)).toBeVisible();
    await expect(page.getByText(/Payment ID pay_\w+ \(test mode\)/)).toBeVisible();
  });

  test('a forged return from the gateway shows an error and the order stays unpaid', async ({ page, browser }) => {
    const email = `forged.${Date.now()}@example.in`;
    await addToCart(page, 3, { javaScript: false });
    await fillCheckout(page, {
      email,
      delivery: { name: 'Ravi Menon', line1: '4 MG Road', city: 'Bengaluru', state: 'Karnataka', pin: '560001' },
    });
    await page.getByRole('radio', { name: /Pay online/ }).check();
    await page.getByRole('button', { name: /Place Order/ }).click();
    await expect(page).toHaveURL(/\/test-gateway\/pay\/plink_/);
    const linkId = new URL(page.url()).pathname.split('/').at(-1)!;

    // The shopper (or anyone) makes up the gateway's return instead of paying.
    const forged = new URLSearchParams({
      razorpay_payment_id: 'pay_forged0000001',
      razorpay_payment_link_id: linkId,
      razorpay_payment_link_reference_id: 'VA-FORGED-1',
      razorpay_payment_link_status: 'paid',
      razorpay_signature: '0'.repeat(64),
    });
    const response = await page.goto(`/order/pay/return?${forged}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { name: 'Payment not verified' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'We could not verify this payment. Nothing has changed on your order.',
    );
    // The same page with scripts on, for axe (which needs them).
    const scripted = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: true });
    const withScripts = await scripted.newPage();
    expect((await withScripts.goto(`/order/pay/return?${forged}`))?.status()).toBe(400);
    await expectNoAxeViolations(withScripts, 'forged return');
    await scripted.close();

    // The link is still open: the order still waits for its payment.
    await page.goto(`/test-gateway/pay/${linkId}`);
    await expect(page.getByRole('button', { name: /^Pay ₹/ })).toBeVisible();
  });
});

test('with JavaScript the gateway opens in place, and the order page follows once paid', async ({ page }) => {
  const email = `upi.js.${Date.now()}@example.in`;
  await checkoutOnline(page, email);
  await page.getByRole('button', { name: 'Place Order and Pay' }).click();
  const gateway = page.getByRole('dialog', { name: /Pay Vedara Ayurveda/ });
  await expect(gateway).toBeVisible();
  await expect(gateway.getByText('TEST MODE: no real money moves')).toBeVisible();
  await expectNoAxeViolations(page, 'checkout with the gateway open');
  await gateway.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/order\/VA-[A-Z0-9]+\?token=.*&payment=paid/);
  await expect(page.getByText('Thank you: your payment was received and your order is confirmed.')).toBeVisible();
  await expect(page.getByText(/Paid online \(UPI\)/)).toBeVisible();
});

test('a shopper who closes the gateway finds the order waiting, with Pay now until it is paid', async ({ page }) => {
  const email = `closed.${Date.now()}@example.in`;
  await checkoutOnline(page, email);
  await page.getByRole('button', { name: 'Place Order and Pay' }).click();
  const gateway = page.getByRole('dialog', { name: /Pay Vedara Ayurveda/ });
  await gateway.getByRole('button', { name: 'Make this payment fail' }).click();
  await expect(gateway.getByRole('alert')).toContainText('Payment failed');
  await gateway.getByRole('button', { name: 'Cancel payment' }).click();

  await expect(page).toHaveURL(/\/order\/VA-[A-Z0-9]+\?token=/);
  await expect(page.getByText('Awaiting Payment', { exact: true })).toBeVisible();
  await expect(page.getByText(/We are holding your items until/)).toBeVisible();
  await expectNoAxeViolations(page, 'order awaiting payment');
  await page.getByRole('button', { name: /Pay now ₹/ }).click();
  await expect(page).toHaveURL(/\/test-gateway\/pay\/plink_/);
  await expectNoAxeViolations(page, 'hosted pay page');
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByText(/Paid online \(Card\)/)).toBeVisible();
});

test('a cash-on-delivery customer confirms their order from the button in its mail', async ({ page, browser }) => {
  const email = `cod.confirm.${Date.now()}@example.in`;
  await addToCart(page);
  await fillCheckout(page, {
    email,
    delivery: { name: 'Kavya Pillai', line1: '9 Beach Road', city: 'Kochi', state: 'Kerala', pin: '682001' },
  });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/VA-/);

  const mail = await latestMail(email, 'order_confirmation');
  const link = new URL(linkIn(mail, 'Confirm your order'));
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const customer = await context.newPage();
  await customer.goto(link.pathname + link.search + link.hash);
  await expect(customer.getByText('Pending', { exact: true })).toBeVisible();
  await expectNoAxeViolations(customer, 'order page with the confirmation');
  await customer.getByRole('button', { name: 'Confirm my order' }).click();
  await expect(customer.getByText('Thank you: your order is confirmed.', { exact: false })).toBeVisible();
  await expect(customer.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(customer.getByText('Confirmed by the Customer')).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Confirm my order' })).toHaveCount(0);
  await context.close();
});
