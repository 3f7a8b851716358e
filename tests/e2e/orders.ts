// Shared steps of the order specs: a customer's order placed through the store's API, and the desk's
// moves on it posted as the desk's forms post them.
import { expect, type Locator, type Page } from '@playwright/test';
import { TINY_PNG } from '../support/images';
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

/**
 * The return form filled for one damaged jar of the resin (the order's other line kept): the reason,
 * the words, a photo, an unboxing video and a UPI ID for the money. Returns the kept line's field.
 */
export async function fillDamagedResinReturn(returnForm: Locator) {
  const otherLine = returnForm.getByRole('spinbutton').nth(1);
  await returnForm.getByRole('spinbutton', { name: /^Himalayan Shilajit Resin/ }).fill('1');
  await otherLine.fill('0');
  await returnForm.getByRole('radio', { name: /^Damaged/ }).check();
  await returnForm.getByLabel('Describe the problem').fill('The resin jar arrived cracked and leaking.');
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(40)]);
  await returnForm.getByLabel(/^Photos/).setInputFiles([{ name: 'jar.png', mimeType: 'image/png', buffer: TINY_PNG }]);
  await returnForm
    .getByLabel('Unboxing video')
    .setInputFiles({ name: 'unboxing.mp4', mimeType: 'video/mp4', buffer: mp4 });
  await returnForm.getByRole('radio', { name: 'UPI ID' }).check();
  await returnForm.getByRole('textbox', { name: /^UPI ID/ }).fill('asha.rao@okaxis');
  return otherLine;
}
