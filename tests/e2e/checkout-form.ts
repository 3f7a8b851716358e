// A cart and the checkout form, filled as a shopper would (by the labels they read). Shared by the specs
// that place orders; each still says which way it pays.
import { expect, type Page } from '@playwright/test';
import { whenHydrated } from './hydration';

export interface Delivery {
  name: string;
  line1: string;
  city: string;
  state: string;
  pin: string;
}

export const HARIDWAR: Delivery = {
  name: 'Asha Rao',
  line1: '12 Ganga Road',
  city: 'Haridwar',
  state: 'Uttarakhand',
  pin: '249401',
};

/** One pack of a product in the cart from its page: with JavaScript once the button is live, without by the form. */
export async function addToCart(page: Page, productId = 3, { javaScript = true } = {}) {
  await page.goto(`/product/${productId}`);
  const add = page.getByRole('button', { name: 'Add to Cart' }).first();
  if (!javaScript) return add.click();
  await whenHydrated(add);
  await add.click();
  await expect(page.getByText(/Added .* to cart!/)).toBeVisible();
}

/** Opens checkout and fills in the contact and the delivery address. */
export async function fillCheckout(
  page: Page,
  { email, phone = '98765 43210', delivery = HARIDWAR }: { email: string; phone?: string; delivery?: Delivery },
) {
  await page.goto('/checkout');
  const main = page.getByRole('main');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel(/Mobile number/).fill(phone);
  await main.getByLabel('Full name').fill(delivery.name);
  await main.getByLabel('House, street, area').fill(delivery.line1);
  await main.getByLabel('City or town').fill(delivery.city);
  await main.getByLabel('State or union territory').selectOption(delivery.state);
  await main.getByLabel('PIN code').fill(delivery.pin);
  return main;
}
