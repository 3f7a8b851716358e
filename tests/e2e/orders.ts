// Shared steps of the order specs: a customer's order placed through the store's API, and the desk's
// moves on it posted as the desk's forms post them.
import { expect, type Page } from '@playwright/test';
import { signUp, unique } from './accounts';

/**
 * A new customer's order of Shilajit resin (HSN 30049011, 5 %) to Maharashtra: the store is in
 * Uttarakhand, so IGST. `more` adds products; `usePoints` pays part with the sign-up points.
 */
export async function placeShilajitOrder(page: Page, { more = [] as number[], usePoints = false } = {}) {
  const email = `invoice-${unique()}@example.in`;
  await signUp(page, email);
  const origin = new URL(page.url()).origin;
  for (const productId of [1, ...more]) {
    expect(
      (
        await page.request.post('/api/cart', {
          data: { intent: 'add', productId, months: 1, quantity: 1 },
          headers: { origin },
        })
      ).ok(),
    ).toBe(true);
  }
  const { orderNumber, signedLink } = await checkoutByApi(page, email, { usePoints });
  return { email, origin, orderNumber, signedLink };
}

/**
 * The customer's cart ordered through the checkout API (cash on delivery) to Mumbai, Maharashtra; the
 * order's number and its signed link.
 */
export async function checkoutByApi(page: Page, email: string, { usePoints = false } = {}) {
  const placed = await page.request.post('/api/checkout', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      email,
      phone: '9876543210',
      idempotencyKey: `order-${unique()}-abcdef`,
      usePoints,
      address: {
        name: 'Asha Rao',
        line1: '12 Marine Drive',
        line2: '',
        city: 'Mumbai',
        state: 'Maharashtra',
        pin: '400001',
      },
    },
  });
  expect(placed.status()).toBe(201);
  const { orderNumber, url: signedLink } = (await placed.json()) as { orderNumber: string; url: string };
  return { orderNumber, signedLink };
}

/** The desk's moves on an order, posted as its forms post them. */
export async function deskMoves(owner: Page, orderNumber: string, origin: string, moves: Record<string, string>[]) {
  for (const form of moves) {
    const moved = await owner.request.post(`/admin/orders/${orderNumber}`, { form, headers: { origin } });
    expect(moved.status(), form.move).toBe(200);
  }
}
