// The PIN-code delivery check on the product page and at checkout: a metro PIN, an unknown PIN, an
// island PIN without cash on delivery and a PIN in another state than the one chosen, with and
// without JavaScript.
import { expect, test, type Page } from '@playwright/test';
import { DELIVERY_PROMISE, pinAnswer } from '../../src/features/delivery/delivery-estimate';
import { expectNoAxeViolations } from './axe';
import { whenHydrated } from './hydration';

// What the server says today (the date moves with the clock; the wording and the zone do not).
const mumbai = () => pinAnswer({ pin: '400001', district: 'Mumbai', state: 'Maharashtra' }, new Date()).text;
const delhi = () => pinAnswer({ pin: '110001', district: 'Central Delhi', state: 'Delhi' }, new Date()).text;
const UNKNOWN = "We can't take orders to this PIN yet";
const DELHI_NOT_MAHARASHTRA = 'PIN code 110001 is in Delhi, not Maharashtra. Check the PIN code or the state.';

const checkForm = (page: Page) => page.locator('#delivery-check');

async function checkOnProductPage(page: Page, pin: string) {
  await checkForm(page).getByLabel('PIN code').fill(pin);
  await checkForm(page).getByRole('button', { name: 'Check', exact: true }).click();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the product page answers ?pin= on the server: a metro, an unknown PIN, an island without COD', async ({
    page,
  }) => {
    await page.goto('/product/2');
    // The product page's note states the same promise the PIN check counts with.
    await expect(page.getByText(DELIVERY_PROMISE)).toBeVisible();
    await checkOnProductPage(page, '400001');
    await expect(page).toHaveURL(/\/product\/2\?pin=400001#delivery-check$/);
    const result = checkForm(page).getByRole('status');
    await expect(result).toContainText(mumbai());
    await expect(result).toContainText('Cash on delivery available');
    await expect(checkForm(page).getByLabel('PIN code')).toHaveValue('400001');

    await checkOnProductPage(page, '999999');
    await expect(result).toHaveText(UNKNOWN);

    await checkOnProductPage(page, '744101');
    await expect(result).toContainText('Delivers to South Andaman, Andaman and Nicobar Islands by');
    await expect(result).toContainText('Cash on delivery not available');
  });

  test('checkout: the PIN field’s Check button shows the delivery, and an unknown PIN is refused', async ({ page }) => {
    expect(
      (await page.request.post('/api/cart', { data: { intent: 'add', productId: 2, months: 1, quantity: 1 } })).ok(),
    ).toBe(true);
    await page.goto('/checkout');
    const main = page.getByRole('main');
    await main.getByLabel('PIN code').fill('400001');
    await main.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(main.locator('#checkout-pin-delivery')).toContainText(mumbai());
    await expect(main.getByLabel('PIN code')).toHaveValue('400001');

    await main.getByLabel('Email').fill(`pin.${Date.now()}@example.in`);
    await main.getByLabel(/Mobile number/).fill('9876543210');
    await main.getByLabel('Full name').fill('Asha Rao');
    await main.getByLabel('House, street, area').fill('12 Marine Drive');
    await main.getByLabel('City or town').fill('Mumbai');
    await main.getByLabel('State or union territory').selectOption('Maharashtra');
    await main.getByLabel('PIN code').fill('999999');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(main.getByText(UNKNOWN)).toBeVisible();
    await expect(main.getByLabel('PIN code')).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('without JavaScript, the checkout and the state of the PIN', () => {
  test.use({ javaScriptEnabled: false });

  test('a PIN code in another state is refused with both named and the form kept as typed', async ({ page }) => {
    expect(
      (await page.request.post('/api/cart', { data: { intent: 'add', productId: 2, months: 1, quantity: 1 } })).ok(),
    ).toBe(true);
    await page.goto('/checkout');
    const main = page.getByRole('main');
    const email = `wrong.state.${Date.now()}@example.in`;
    await main.getByLabel('Email').fill(email);
    await main.getByLabel(/Mobile number/).fill('9876543210');
    await main.getByLabel('Full name').fill('Asha Rao');
    await main.getByLabel('House, street, area').fill('12 Marine Drive');
    await main.getByLabel('City or town').fill('Mumbai');
    await main.getByLabel('State or union territory').selectOption('Maharashtra');
    await main.getByLabel('PIN code').fill('110001');
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/checkout',
      ),
      page.getByRole('button', { name: 'Place Order' }).click(),
    ]);
    expect(answer.status()).toBe(422);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(main.getByText(DELHI_NOT_MAHARASHTRA)).toBeVisible();
    await expect(main.getByLabel('PIN code')).toHaveAttribute('aria-invalid', 'true');
    await expect(main.getByLabel('PIN code')).toHaveAccessibleDescription(DELHI_NOT_MAHARASHTRA);
    await expect(main.getByLabel('Email')).toHaveValue(email);
    await expect(main.getByLabel('City or town')).toHaveValue('Mumbai');
    await expect(main.getByLabel('State or union territory')).toHaveValue('Maharashtra');
    await expect(main.getByLabel('PIN code')).toHaveValue('110001');
    // (axe needs the page's JavaScript: the test with JavaScript below audits the same refusal.)

    // The shopper corrects the PIN and the same form places the order.
    await main.getByLabel('PIN code').fill('400001');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/VA-/);
  });

  test('the PIN field’s Check button chooses the state when none is chosen yet', async ({ page }) => {
    expect(
      (await page.request.post('/api/cart', { data: { intent: 'add', productId: 2, months: 1, quantity: 1 } })).ok(),
    ).toBe(true);
    await page.goto('/checkout');
    const main = page.getByRole('main');
    await expect(main.getByLabel('State or union territory')).toHaveValue('');
    await main.getByLabel('City or town').fill('Bengaluru');
    await main.getByLabel('PIN code').fill('560001');
    await main.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(main.locator('#checkout-pin-delivery')).toContainText('Delivers to Bangalore, Karnataka by');
    await expect(main.getByLabel('State or union territory')).toHaveValue('Karnataka');
    await expect(main.getByLabel('City or town')).toHaveValue('Bengaluru');
  });
});

test('with JavaScript the state follows a typed PIN until one is chosen, and a PIN in another state is refused', async ({
  page,
}) => {
  expect(
    (await page.request.post('/api/cart', { data: { intent: 'add', productId: 3, months: 1, quantity: 1 } })).ok(),
  ).toBe(true);
  await page.goto('/checkout');
  const main = page.getByRole('main');
  await whenHydrated(main.getByLabel('Email'));
  const state = main.getByLabel('State or union territory');
  await main.getByLabel('PIN code').fill('110001');
  await expect(main.locator('#checkout-pin-delivery')).toContainText(delhi());
  await expect(state).toHaveValue('Delhi');

  await main.getByLabel('Email').fill(`wrong.state.js.${Date.now()}@example.in`);
  await main.getByLabel(/Mobile number/).fill('9876543210');
  await main.getByLabel('Full name').fill('Asha Rao');
  await main.getByLabel('House, street, area').fill('12 Marine Drive');
  await main.getByLabel('City or town').fill('Mumbai');
  await state.selectOption('Maharashtra');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(main.getByText(DELHI_NOT_MAHARASHTRA)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(state).toHaveValue('Maharashtra');
  await expectNoAxeViolations(page, 'checkout refusing a PIN in another state (island)');
});

test('with JavaScript the product page checks in place (the cached page keeps its address) and passes axe', async ({
  page,
}) => {
  await page.goto('/product/1');
  await whenHydrated(page.locator('form[data-delivery-check]'));
  await checkOnProductPage(page, '110001');
  const result = checkForm(page).getByRole('status');
  await expect(result).toContainText(delhi());
  await expect(result).toContainText('Cash on delivery available');
  await expect(page).toHaveURL(/\/product\/1$/);
  await expectNoAxeViolations(page, 'product page with a delivery answer');

  await checkOnProductPage(page, '682555');
  await expect(result).toContainText('Delivers to Lakshadweep by');
  await expect(result).toContainText('Cash on delivery not available');
  await checkOnProductPage(page, '999999');
  await expect(result).toHaveText(UNKNOWN);
  await expectNoAxeViolations(page, 'product page with an unknown PIN');
});

test('with JavaScript checkout answers as the PIN is typed and refuses an island PIN (no cash on delivery)', async ({
  page,
}) => {
  expect(
    (await page.request.post('/api/cart', { data: { intent: 'add', productId: 3, months: 1, quantity: 1 } })).ok(),
  ).toBe(true);
  await page.goto('/checkout');
  const main = page.getByRole('main');
  await whenHydrated(main.getByLabel('Email'));
  const answer = main.locator('#checkout-pin-delivery');
  await main.getByLabel('PIN code').fill('400001');
  await expect(answer).toContainText(mumbai());
  await main.getByLabel('PIN code').fill('999999');
  await expect(answer).toHaveText(UNKNOWN);

  await main.getByLabel('Email').fill(`island.${Date.now()}@example.in`);
  await main.getByLabel(/Mobile number/).fill('9876543210');
  await main.getByLabel('Full name').fill('Asha Rao');
  await main.getByLabel('House, street, area').fill('4 Marine Hill');
  await main.getByLabel('City or town').fill('Port Blair');
  await main.getByLabel('State or union territory').selectOption('Andaman and Nicobar Islands');
  await main.getByLabel('PIN code').fill('744101');
  await expect(answer).toContainText('Cash on delivery not available');
  await expectNoAxeViolations(page, 'checkout with a PIN without cash on delivery');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(main.getByText(/Cash on delivery is not available for PIN code 744101/)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expectNoAxeViolations(page, 'checkout refusing the PIN');
});
