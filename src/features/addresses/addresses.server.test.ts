// The address book on a real database: the checkout's field rules, one default per customer (held by
// the database too), the same place once, a customer reaching only their own addresses (404 otherwise),
// a blank city and state filled from the PIN code, and the address an order went to saved once.
import type { AstroCookies } from 'astro';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartWith } from '../../../tests/support/carts';
import { getDb } from '../../db/client';
import { customerAddresses, orders } from '../../db/schema';
import { CHECKOUT_MESSAGES } from '../../lib/checkout';
import { getAuth } from '../auth/auth.server';
import { CART_COOKIE } from '../cart/cart.server';
import { checkoutPage } from '../checkout/checkout-request.server';
import { placeOrder } from '../checkout/checkout.server';
import { PostedForm, statusOf, type FormOutcome } from '../../server/http/form.server';
import { ADDRESS_MESSAGES, MAX_ADDRESSES, type AddressValues } from './address.schema';
import { addressBook, addressBookRequest, addressOf, preferredAddress } from './addresses.server';

const HOME: AddressValues = {
  name: 'Asha Rao',
  phone: '+91 98765 43210',
  line1: '12 Ganga Road',
  line2: '',
  city: 'Haridwar',
  state: 'Uttarakhand',
  pin: '249401',
};
const OFFICE: AddressValues = {
  name: 'Asha Rao',
  phone: '9123456780',
  line1: '4th floor, 21 MG Road',
  line2: 'Near the metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin: '560001',
};

async function customer(email: string) {
  const { user } = await (await getAuth()).api.signUpEmail({
    body: { name: 'Asha Rao', email, password: 'tulsi-leaf-42' },
  });
  return { id: user.id, email: user.email };
}

/** Posts the address book page's form as the customer. */
function post(userId: string, fields: Record<string, string | number>): Promise<FormOutcome> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  return addressBookRequest(userId, new PostedForm(form));
}
const save = (userId: string, address: AddressValues, more: Record<string, string | number> = {}) =>
  post(userId, { intent: 'save', id: 0, ...address, ...more });
/** The id of the address a save added. */
const idOf = (outcome: FormOutcome) => (outcome as FormOutcome & { addressId?: number }).addressId ?? 0;
const status = (outcome: FormOutcome) => (outcome.ok ? 200 : statusOf(outcome.code));
const rows = async (userId: string) =>
  (await getDb()).select().from(customerAddresses).where(eq(customerAddresses.userId, userId));

describe('the address book', () => {
  it('checks an address with the checkout’s rules and saves nothing that breaks one', async () => {
    const asha = await customer('book-rules@example.in');
    const refused = await save(asha.id, { ...HOME, phone: '12345', line1: ' ', pin: '04940' });
    expect(refused).toMatchObject({
      ok: false,
      code: 'unprocessable',
      errors: { phone: CHECKOUT_MESSAGES.phone, line1: CHECKOUT_MESSAGES.line1, pin: CHECKOUT_MESSAGES.pin },
    });
    expect(status(refused)).toBe(422);
    const wrongState = await save(asha.id, { ...HOME, state: 'Kerala' });
    expect(wrongState).toMatchObject({
      ok: false,
      errors: { pin: expect.stringContaining('249401 is in Uttarakhand') },
    });
    expect(await save(asha.id, { ...HOME, state: 'Atlantis' })).toMatchObject({
      ok: false,
      errors: { state: CHECKOUT_MESSAGES.state },
    });
    expect(await rows(asha.id)).toEqual([]);

    expect(await save(asha.id, HOME)).toEqual({
      ok: true,
      notice: ADDRESS_MESSAGES.added,
      addressId: expect.any(Number),
    });
    const [saved] = await addressBook(asha.id);
    expect(saved).toMatchObject({ ...HOME, phone: '9876543210', isDefault: true }); // the first is the default
    // The same place again, in other letter case: refused.
    const again = await save(asha.id, { ...HOME, line1: '12 GANGA ROAD' });
    expect(again).toMatchObject({ ok: false, code: 'conflict', message: ADDRESS_MESSAGES.duplicate });
  });

  it('fills a blank city and state from the PIN code, never what was typed', async () => {
    const asha = await customer('book-pin@example.in');
    const filled = await save(asha.id, { ...HOME, city: '', state: '' });
    expect(filled).toMatchObject({ ok: true, notice: `${ADDRESS_MESSAGES.added} ${ADDRESS_MESSAGES.filledFromPin}` });
    expect((await addressBook(asha.id))[0]).toMatchObject({ city: 'Haridwar', state: 'Uttarakhand' });
    await save(asha.id, { ...HOME, line1: '3 Jwalapur Lane', city: 'Jwalapur', state: '' });
    expect((await addressBook(asha.id)).map((a) => a.city).sort()).toEqual(['Haridwar', 'Jwalapur']);
    // An unknown PIN fills nothing, and says why.
    expect(await save(asha.id, { ...HOME, city: '', state: '', pin: '999999' })).toMatchObject({
      ok: false,
      errors: { city: CHECKOUT_MESSAGES.city, state: CHECKOUT_MESSAGES.state },
    });
  });

  it('keeps one default: making another the default moves it, the database refuses a second', async () => {
    const asha = await customer('book-default@example.in');
    await save(asha.id, HOME);
    const office = await save(asha.id, OFFICE);
    const officeId = idOf(office);
    expect((await addressBook(asha.id)).map((a) => [a.line1, a.isDefault])).toEqual([
      [HOME.line1, true],
      [OFFICE.line1, false],
    ]);
    expect(await post(asha.id, { intent: 'default', id: officeId })).toEqual({
      ok: true,
      notice: ADDRESS_MESSAGES.madeDefault,
    });
    const book = await addressBook(asha.id);
    expect(book.map((a) => [a.line1, a.isDefault])).toEqual([
      [OFFICE.line1, true],
      [HOME.line1, false],
    ]);
    expect(preferredAddress(book)?.id).toBe(officeId);

    // Straight into the table: a second default breaks the partial unique index.
    const db = await getDb();
    await expect(
      db
        .insert(customerAddresses)
        .values({ ...OFFICE, phone: '9123456780', line1: 'Elsewhere', userId: asha.id, isDefault: true }),
    ).rejects.toThrow();

    // Saving with "Make this my default address" ticked moves it too; deleting the default hands it on.
    const third = await save(asha.id, { ...HOME, line1: '7 Har Ki Pauri' }, { makeDefault: 'on' });
    const thirdId = idOf(third);
    expect((await addressBook(asha.id)).filter((a) => a.isDefault).map((a) => a.id)).toEqual([thirdId]);
    expect(await post(asha.id, { intent: 'delete', id: thirdId })).toEqual({
      ok: true,
      notice: ADDRESS_MESSAGES.deleted,
    });
    const left = await addressBook(asha.id);
    expect(left).toHaveLength(2);
    expect(left.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('is the customer’s own: another customer’s address is not found and stays as it was', async () => {
    const asha = await customer('book-owner@example.in');
    const ravi = await customer('book-other@example.in');
    const saved = await save(asha.id, HOME);
    const id = idOf(saved);
    const before = await rows(asha.id);

    expect(await addressOf(ravi.id, id)).toBeNull();
    for (const attempt of [
      { intent: 'save', id, ...OFFICE },
      { intent: 'delete', id },
      { intent: 'default', id },
    ]) {
      const outcome = await post(ravi.id, attempt);
      expect(outcome, attempt.intent).toMatchObject({
        ok: false,
        code: 'not_found',
        message: ADDRESS_MESSAGES.notFound,
      });
      expect(status(outcome)).toBe(404);
    }
    expect(await rows(asha.id)).toEqual(before);
    expect(await rows(ravi.id)).toEqual([]);
    // Editing one's own works, and an unknown intent is refused.
    expect(await post(asha.id, { intent: 'save', id, ...HOME, line2: 'Flat 2' })).toMatchObject({
      ok: true,
      notice: ADDRESS_MESSAGES.updated,
    });
    expect((await addressOf(asha.id, id))?.line2).toBe('Flat 2');
    expect(await post(asha.id, { intent: 'wipe', id })).toMatchObject({ ok: false, code: 'invalid' });
  });

  it(`holds at most ${MAX_ADDRESSES} addresses`, async () => {
    const asha = await customer('book-full@example.in');
    const db = await getDb();
    await db.insert(customerAddresses).values(
      Array.from({ length: MAX_ADDRESSES }, (_, i) => ({
        ...HOME,
        phone: '9876543210',
        line1: `${i + 1} Ganga Road`,
        userId: asha.id,
      })),
    );
    expect(await save(asha.id, OFFICE)).toMatchObject({ ok: false, code: 'conflict', message: ADDRESS_MESSAGES.full });
  });
});

describe('orders and the address book', () => {
  const order = (c: { id: string; email: string } | null, address: AddressValues, cartOwner = c) =>
    cartWith([{ productId: 2, quantity: 1 }], cartOwner).then((cart) =>
      placeOrder(
        {
          email: c?.email ?? 'guest-book@example.in',
          phone: address.phone,
          address,
          usePoints: false,
          expectedTotal: null,
          idempotencyKey: `book-${crypto.randomUUID()}`,
        },
        cart,
        c,
      ),
    );

  it('saves a signed-in customer’s new address once (the default when the book has none); guests’ never', async () => {
    const asha = await customer('book-orders@example.in');
    expect(await order(asha, HOME)).toMatchObject({ ok: true });
    expect(await order(asha, { ...HOME, name: 'ASHA RAO' })).toMatchObject({ ok: true }); // the same place
    expect(await order(asha, OFFICE)).toMatchObject({ ok: true });
    const book = await rows(asha.id);
    expect(book.map((a) => [a.line1, a.isDefault, a.lastUsedAt !== null]).sort()).toEqual(
      [
        [OFFICE.line1, false, true],
        [HOME.line1, true, true],
      ].sort(),
    );
    // The checkout offers the default first.
    expect(preferredAddress(await addressBook(asha.id))?.line1).toBe(HOME.line1);

    expect(await order(null, { ...HOME, line1: '99 Guest Street' })).toMatchObject({ ok: true });
    const db = await getDb();
    const [guestRow] = await db
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.line1, '99 Guest Street'));
    expect(guestRow).toBeUndefined();
  });

  it('a checkout form sent without JavaScript with a blank city and state is placed with the PIN’s', async () => {
    const cart = await cartWith([{ productId: 2, quantity: 1 }]);
    const jar = new Map([[CART_COOKIE, cart.id]]);
    const cookies = {
      get: (name: string) => (jar.has(name) ? { value: jar.get(name) as string } : undefined),
      has: (name: string) => jar.has(name),
      set: (name: string, value: string) => void jar.set(name, value),
      delete: (name: string) => void jar.delete(name),
    } as unknown as AstroCookies;
    const fields = {
      email: 'no-js-pin@example.in',
      ...HOME,
      city: '',
      state: '',
      idempotencyKey: `book-${crypto.randomUUID()}`,
    };
    const request = new Request('http://store.test/checkout', { method: 'POST', body: new URLSearchParams(fields) });
    expect(await checkoutPage(request, cookies)).toMatchObject({ placed: expect.stringContaining('/order') });
    const [placed] = await (await getDb()).select().from(orders).where(eq(orders.email, 'no-js-pin@example.in'));
    expect(placed.address).toMatchObject({ city: 'Haridwar', state: 'Uttarakhand', pin: '249401' });
  });
});
