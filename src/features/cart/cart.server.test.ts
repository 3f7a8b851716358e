// The server cart on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): changes, refusals
// that change nothing, races between tabs, signing in, and an order emptying the cart with it.
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartWith } from '../../../tests/support/carts';
import { getDb } from '../../db/client';
import { carts, emailOutbox, orderLines, orders, productStock } from '../../db/schema';
import { formatRupees } from '../../lib/money';
import { getAuth } from '../auth/auth.server';
import { placeOrder } from '../checkout/checkout.server';
import type { Shopper } from '../pricing/pricing.server';
import { DomainError } from '../../lib/errors';
import { cartLineRequests, changeCart, findCart, viewCart, type CartRef } from './cart.server';
import { parseCartChange } from './cart.schema';

let accounts = 0;
async function account(): Promise<Shopper> {
  const auth = await getAuth();
  const { user } = await auth.api.signUpEmail({
    body: { name: 'Cart Tester', email: `cart-${++accounts}-${Date.now()}@example.in`, password: 'tulsi-leaf-42' },
  });
  return { id: user.id, email: user.email };
}

const linesOf = async (cart: CartRef) =>
  (await cartLineRequests(await getDb(), cart.id)).map((l) => `${l.productId}:${l.months}x${l.quantity}`);
const revisionOf = async (cart: CartRef) =>
  (await (await getDb()).select({ revision: carts.revision }).from(carts).where(eq(carts.id, cart.id)))[0].revision;

let keys = 0;
const orderRequest = (over: { expectedTotal?: number | null; usePoints?: boolean; email?: string } = {}) => ({
  email: over.email ?? 'cart-buyer@example.in',
  phone: '9876543210',
  usePoints: over.usePoints ?? false,
  expectedTotal: over.expectedTotal ?? null,
  address: {
    name: 'Asha Rao',
    line1: '12 Ganga Road',
    line2: '',
    city: 'Haridwar',
    state: 'Uttarakhand',
    pin: '249401',
  },
  idempotencyKey: `cart-test-${Date.now()}-${++keys}-abcdef`,
});

beforeAll(async () => {
  // Plenty of stock, so these tests are about the cart (stock limits have their own tests).
  const db = await getDb();
  await db.update(productStock).set({ quantity: 100_000 });
});

describe('changing the cart', () => {
  it('adds (raising an existing line), sets, removes, and answers with the whole priced cart', async () => {
    const cart = await cartWith([{ productId: 1, quantity: 1 }]);
    await changeCart(cart, { intent: 'add', productId: 1, months: 1, quantity: 2 }, null);
    await changeCart(cart, { intent: 'add', productId: 2, months: 3, quantity: 1 }, null);
    expect(await linesOf(cart)).toEqual(['1:1x3', '2:3x1']);
    await changeCart(cart, { intent: 'set', productId: 1, months: 1, quantity: 5 }, null);
    await changeCart(cart, { intent: 'set', productId: 2, months: 3, quantity: 0 }, null); // below 1 removes (spec §4)
    expect(await linesOf(cart)).toEqual(['1:1x5']);
    const view = await viewCart(cart, null);
    expect(view.items).toEqual([
      {
        id: '1',
        productId: 1,
        slug: 'shilajit-resin',
        name: view.items[0].name,
        price: 999,
        image: expect.any(String),
        quantity: 5,
      },
    ]);
    expect(view.quote).toMatchObject({ subtotal: 4995, total: 4995, itemCount: 5 });
    await changeCart(cart, { intent: 'remove', productId: 1, months: 1 }, null);
    await changeCart(cart, { intent: 'remove', productId: 1, months: 1 }, null); // already gone: not an error
    expect(await linesOf(cart)).toEqual([]);
  });

  it('keeps an applied code until it is removed; an invalid code takes the applied one off (spec §5)', async () => {
    const cart = await cartWith([{ productId: 1, quantity: 1 }], null, ' SAVE10 ');
    expect((await viewCart(cart, null)).quote).toMatchObject({
      discount: 100,
      total: 899,
      code: { code: 'save10', status: 'applied' },
    });
    const invalid = await changeCart(cart, { intent: 'code', code: 'save20' }, null);
    expect(invalid.refusal).toBe('Invalid discount code');
    expect((await viewCart(invalid.cart, null)).quote).toMatchObject({ discount: 0, code: null });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const cart = await cartWith([{ productId: 1, quantity: 1 }]);
    const before = await revisionOf(cart);
    const refusals: [unknown, string][] = [
      [{ intent: 'add', productId: 999_999, quantity: 1 }, 'That product is not in our catalogue.'],
      [{ intent: 'add', productId: '2147483648', quantity: 1 }, 'That product is not in our catalogue.'],
      [{ intent: 'add', productId: 1, months: 7, quantity: 1 }, 'Please choose a plan of 1 to 4 months.'],
      [{ intent: 'add', productId: 1, quantity: 0 }, 'Please choose a quantity from 1 to 999.'],
      [{ intent: 'add', productId: 1, quantity: 10_000 }, 'Please choose a quantity from 1 to 999.'],
      [{ intent: 'add', productId: 1, quantity: 'abc' }, 'Please choose a quantity from 1 to 999.'],
      [{ intent: 'add', productId: '1; drop table carts', quantity: 1 }, 'That product is not in our catalogue.'],
      [{ intent: 'buy-everything' }, 'That is not something the cart can do.'],
      ['not an object', 'That is not something the cart can do.'],
    ];
    for (const [input, message] of refusals) {
      const parsed = parseCartChange(input);
      if (!parsed.ok) {
        expect(parsed.message).toBe(message);
        continue;
      }
      await expect(changeCart(cart, parsed.change, null)).rejects.toThrow(message);
    }
    // A price in the form is not part of the contract: it is ignored, and the server's price stands.
    const forged = parseCartChange({ intent: 'add', productId: '1', quantity: '1', price: '1', unitPrice: '1' });
    expect(forged.ok).toBe(true);
    await expect(changeCart(cart, { intent: 'add', productId: 1, months: 1, quantity: 999 }, null)).rejects.toThrow(
      'You can have at most 999 of one item in your cart.',
    );
    await expect(changeCart(cart, { intent: 'set', productId: 3, months: 1, quantity: 2 }, null)).rejects.toThrow(
      'That item is no longer in your cart.',
    );
    expect(await linesOf(cart)).toEqual(['1:1x1']);
    expect(await revisionOf(cart)).toBe(before);
    if (forged.ok) await changeCart(cart, forged.change, null);
    expect((await viewCart(cart, null)).quote.lines[0]).toMatchObject({ quantity: 2, unitPrice: 999, lineTotal: 1998 });
  });

  it('never puts more packs in the cart than are in stock (all plans of a product together)', async () => {
    const db = await getDb();
    await db.update(productStock).set({ quantity: 4 }).where(eq(productStock.productId, 9));
    const cart = await cartWith([{ productId: 9, months: 3, quantity: 1 }]);
    const refused = changeCart(cart, { intent: 'add', productId: 9, months: 2, quantity: 1 }, null);
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toThrow(/^Only 4 left of /);
    expect(await linesOf(cart)).toEqual(['9:3x1']);
    await db.update(productStock).set({ quantity: 100_000 }).where(eq(productStock.productId, 9));
  });
});

describe('races', () => {
  it('two tabs adding at once lose nothing: 20 concurrent adds of one unit make 20', async () => {
    const cart = await cartWith([]);
    await Promise.all(
      Array.from({ length: 20 }, () => changeCart(cart, { intent: 'add', productId: 3, months: 1, quantity: 1 }, null)),
    );
    expect(await linesOf(cart)).toEqual(['3:1x20']);
    expect(await revisionOf(cart)).toBe(20);
  });

  it('a remove in one tab and adds of other items in another both land; the removed item does not come back', async () => {
    const cart = await cartWith([
      { productId: 1, quantity: 1 },
      { productId: 2, quantity: 1 },
    ]);
    await Promise.all([
      changeCart(cart, { intent: 'remove', productId: 1, months: 1 }, null),
      changeCart(cart, { intent: 'add', productId: 5, months: 1, quantity: 1 }, null),
      changeCart(cart, { intent: 'set', productId: 2, months: 1, quantity: 3 }, null),
    ]);
    expect((await linesOf(cart)).sort()).toEqual(['2:1x3', '5:1x1']);
  });

  it('an item added while the order is being placed is either in the order or still in the cart, never lost or sold twice', async () => {
    const cart = await cartWith([{ productId: 1, quantity: 1 }]);
    const [placed] = await Promise.all([
      placeOrder(orderRequest(), cart, null),
      changeCart(cart, { intent: 'add', productId: 6, months: 1, quantity: 1 }, null),
    ]);
    expect(placed.ok).toBe(true);
    const db = await getDb();
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, placed.ok ? placed.orderNumber : ''));
    const ordered = (await db.select().from(orderLines).where(eq(orderLines.orderId, order.id))).map(
      (l) => l.productId,
    );
    const left = (await cartLineRequests(db, cart.id)).map((l) => l.productId);
    expect(ordered).toContain(1);
    expect([...ordered, ...left].filter((id) => id === 6)).toHaveLength(1);
  });
});

describe('orders and the cart', () => {
  it('placing an order empties the cart (and its code) in the same transaction', async () => {
    const cart = await cartWith([{ productId: 2, quantity: 2 }], null, 'save10');
    expect(await placeOrder(orderRequest(), cart, null)).toMatchObject({ ok: true, created: true });
    expect(await linesOf(cart)).toEqual([]);
    const after = await findCart(null, cart.id);
    expect(after).toMatchObject({ code: null, revision: cart.revision + 1 });
    expect((await viewCart(after, null)).quote).toMatchObject({ itemCount: 0, code: null, total: 0 });
  });

  it('a refused order leaves the cart as it was', async () => {
    const db = await getDb();
    const cart = await cartWith([{ productId: 7, quantity: 2 }]);
    await db.update(productStock).set({ quantity: 1 }).where(eq(productStock.productId, 7));
    expect(await placeOrder(orderRequest(), cart, null)).toMatchObject({
      ok: false,
      errors: { cart: expect.stringMatching(/^Only 1 left of /) },
    });
    expect(await linesOf(cart)).toEqual(['7:1x2']);
    await db.update(productStock).set({ quantity: 100_000 }).where(eq(productStock.productId, 7));
  });
});

describe('signing in', () => {
  it('folds the device’s guest cart into the account’s, adding quantities, and the guest cart is gone', async () => {
    const shopper = await account();
    await cartWith([{ productId: 1, quantity: 1 }], shopper);
    const guest = await cartWith(
      [
        { productId: 1, quantity: 2 },
        { productId: 4, quantity: 1 },
      ],
      null,
      'save10',
    );
    const merged = (await findCart(shopper, guest.id))!;
    expect(merged.userId).toBe(shopper.id);
    expect((await linesOf(merged)).sort()).toEqual(['1:1x3', '4:1x1']);
    expect(merged.code).toBe('save10');
    const db = await getDb();
    expect(await db.select().from(carts).where(eq(carts.id, guest.id))).toEqual([]);
    // Another device of the same account sees the same cart.
    expect((await findCart(shopper, null))!.id).toBe(merged.id);
  });
});

describe('one quote from drawer to order (fast-check over generated carts)', () => {
  const lines = fc.uniqueArray(
    fc.record({
      productId: fc.integer({ min: 1, max: 14 }),
      months: fc.integer({ min: 1, max: 4 }),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
    { selector: (l) => `${l.productId}:${l.months}`, minLength: 1, maxLength: 4 },
  );
  const who = fc.constantFrom('guest' as const, 'first order' as const, 'returning' as const);

  it('the order, its lines and its mail carry exactly the quote the drawer and checkout showed', async () => {
    const db = await getDb();
    await fc.assert(
      fc.asyncProperty(
        lines,
        fc.constantFrom(undefined, 'save10', 'bogus'),
        who,
        fc.boolean(),
        async (cartLines, code, kind, usePoints) => {
          const shopper = kind === 'guest' ? null : await account();
          if (kind === 'returning')
            await placeOrder(
              orderRequest({ email: shopper!.email }),
              await cartWith([{ productId: 1, quantity: 1 }], shopper),
              shopper,
            );
          const cart = await cartWith(cartLines, shopper, code);
          const drawer = (await viewCart(cart, shopper)).quote;
          const checkout = (await viewCart(cart, shopper, { usePoints })).quote;
          if (!usePoints) expect(checkout).toEqual(drawer);
          const result = await placeOrder(
            orderRequest({ email: shopper?.email, usePoints, expectedTotal: checkout.total }),
            cart,
            shopper,
          );
          expect(result.ok).toBe(true);
          const [order] = await db
            .select()
            .from(orders)
            .where(eq(orders.orderNumber, result.ok ? result.orderNumber : ''));
          expect(order).toMatchObject({
            subtotal: checkout.subtotal,
            discount: checkout.discount,
            discountLabel: checkout.offer?.label ?? null,
            discountCode: checkout.offer?.code ?? null,
            shipping: checkout.shipping,
            pointsRedeemed: checkout.pointsRedeemed,
            total: checkout.total,
          });
          const stored = await db
            .select()
            .from(orderLines)
            .where(eq(orderLines.orderId, order.id))
            .orderBy(orderLines.id);
          expect(stored.map((l) => [l.productId, l.months, l.quantity, l.unitPrice, l.lineTotal])).toEqual(
            checkout.lines.map((l) => [l.productId, l.months, l.quantity, l.unitPrice, l.lineTotal]),
          );
          const [mail] = await db
            .select()
            .from(emailOutbox)
            .where(eq(emailOutbox.subject, `We received your order ${order.orderNumber}`));
          expect(mail.textBody).toContain(formatRupees(checkout.total));
          for (const line of checkout.lines) expect(mail.textBody).toContain(formatRupees(line.lineTotal));
          if (kind === 'first order')
            expect(
              checkout.offer?.kind === 'first_order' ||
                (checkout.offer?.amount ?? 0) >= Math.round(checkout.subtotal * 0.3),
            ).toBe(true);
          if (kind !== 'first order') expect(checkout.offer?.kind).not.toBe('first_order');
        },
      ),
      { numRuns: 12 },
    );
  });
});
