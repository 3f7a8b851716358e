// The checkout's two doors on a real database: the island's POST /api/checkout and the page's own form
// (no JavaScript). An address whose PIN code lies in another state is refused at both, nothing placed.
import type { APIContext, AstroCookies } from 'astro';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartWith } from '../../../tests/support/carts';
import { getDb } from '../../db/client';
import { orders } from '../../db/schema';
import { POST as placeOrderRoute } from '../../pages/api/checkout';
import { CART_COOKIE, viewCart } from '../cart/cart.server';
import { checkoutPage, type CheckoutPage } from './checkout-request.server';

const MISMATCH = 'PIN code 110001 is in Delhi, not Maharashtra. Check the PIN code or the state.';
const contact = { email: 'pin.state@example.in', phone: '9876543210' };
const mumbaiAddress = { name: 'Asha Rao', line1: '12 Marine Drive', line2: '', city: 'Mumbai', state: 'Maharashtra' };

/** Astro's cookie jar, as far as the checkout uses it, holding this guest's cart. */
function cookiesFor(cartId: string) {
  const jar = new Map([[CART_COOKIE, cartId]]);
  return {
    get: (name: string) => (jar.has(name) ? { value: jar.get(name) as string } : undefined),
    has: (name: string) => jar.has(name),
    set: (name: string, value: string) => {
      jar.set(name, value);
    },
    delete: (name: string) => {
      jar.delete(name);
    },
  } as unknown as AstroCookies;
}

const ordersFor = async (email: string) =>
  (await (await getDb()).select().from(orders).where(eq(orders.email, email))).length;
const key = () => `pin-state-${crypto.randomUUID()}`;

async function postCheckoutForm(cartId: string, fields: Record<string, string>): Promise<CheckoutPage> {
  const request = new Request('http://store.test/checkout', { method: 'POST', body: new URLSearchParams(fields) });
  const page = await checkoutPage(request, cookiesFor(cartId));
  if ('placed' in page) throw new Error(`expected the form again, got an order: ${page.placed}`);
  return page;
}

describe('a PIN code in another state than the one chosen', () => {
  it('POST /api/checkout answers 422 with a message naming both, and places nothing', async () => {
    const cart = await cartWith([{ productId: 1, quantity: 1 }]);
    const body = {
      ...contact,
      address: { ...mumbaiAddress, pin: '110001' },
      idempotencyKey: key(),
      usePoints: false,
      expectedTotal: null,
    };
    const request = new Request('http://store.test/api/checkout', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    const response = await placeOrderRoute({ request, cookies: cookiesFor(cart.id) } as unknown as APIContext);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ ok: false, errors: { pin: MISMATCH } });
    expect(await ordersFor(contact.email)).toBe(0);
    expect((await viewCart(cart, null)).quote.itemCount).toBe(1);
  });

  it('the page’s form (no JavaScript) comes back 422 with the message and everything the shopper typed', async () => {
    const cart = await cartWith([{ productId: 1, quantity: 1 }]);
    const fields = { ...contact, ...mumbaiAddress, pin: '110001', idempotencyKey: key(), whatsappUpdates: 'on' };
    const page = await postCheckoutForm(cart.id, fields);
    expect(page.refused).toBe('unprocessable');
    expect(page.errors).toMatchObject({ pin: MISMATCH });
    expect(page.whatsappUpdates).toBe(true);
    expect(page.values).toEqual({ ...contact, ...mumbaiAddress, pin: '110001', gstin: '' });
    expect(page.idempotencyKey).toBe(fields.idempotencyKey);
    expect(await ordersFor(contact.email)).toBe(0);

    // Corrected, the same form places the order.
    const placed = await checkoutPage(
      new Request('http://store.test/checkout', {
        method: 'POST',
        body: new URLSearchParams({ ...fields, pin: '400001' }),
      }),
      cookiesFor(cart.id),
    );
    expect(placed).toMatchObject({ placed: expect.stringMatching(/^\/order\/VA-/) });
    expect(await ordersFor(contact.email)).toBe(1);
  });
});

describe('the PIN field’s Check button (no JavaScript)', () => {
  it('chooses the state from the PIN when none is chosen yet', async () => {
    const cart = await cartWith([{ productId: 1, quantity: 1 }]);
    const page = await postCheckoutForm(cart.id, {
      ...contact,
      city: 'Bengaluru',
      state: '',
      pin: '560001',
      checkPin: '1',
      idempotencyKey: key(),
    });
    expect(page.refused).toBeUndefined();
    expect(page.values).toMatchObject({ city: 'Bengaluru', state: 'Karnataka', pin: '560001' });
    expect(page.pinCheck).toMatchObject({ ok: true, state: 'Karnataka' });
  });

  it('leaves a chosen state as it is, and chooses nothing for an unknown PIN', async () => {
    const cart = await cartWith([{ productId: 1, quantity: 1 }]);
    expect((await postCheckoutForm(cart.id, { state: 'Maharashtra', pin: '110001', checkPin: '1' })).values.state).toBe(
      'Maharashtra',
    );
    expect((await postCheckoutForm(cart.id, { state: '', pin: '999999', checkPin: '1' })).values.state).toBe('');
  });
});
