// The online-payment offer and cash on delivery that does not bleed, on a real database: the quote takes
// the desk's offer off an order paid online (never off cash on delivery); the desk's limits refuse cash
// on delivery above a total or to a closed PIN code while paying online still works; the customer
// confirms their cash-on-delivery order from its page; the desk's settings refuse what makes no sense.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartWith } from '../../../tests/support/carts';
import { TEST_ADDRESS } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import { orders, orderStatusHistory } from '../../db/schema';
import { viewCart } from '../cart/cart.server';
import { placeOrder } from '../checkout/checkout.server';
import { PostedForm } from '../../server/http/form.server';
import { orderFormRequest } from '../orders/order-page.server';
import { orderAccessToken } from '../orders/order-access.server';
import { COD_MESSAGES, loadPaymentSettings, payInsteadOffer, paymentsDeskRequest } from './payment-settings.server';
import { releaseUnpaidOrders, settleLinkReturn, startHostedPayment, switchToOnline } from './payments.server';
import { payOnTestGateway } from './test-gateway/api.server';

let keys = 0;
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return new PostedForm(data);
};

async function place(
  paymentMethod: 'cod' | 'online',
  lines: { productId: number; quantity: number }[],
  address = TEST_ADDRESS,
) {
  const cart = await cartWith(lines);
  return placeOrder(
    {
      email: `prepaid-${++keys}@example.com`,
      phone: '9876543210',
      address,
      usePoints: false,
      expectedTotal: null,
      idempotencyKey: `prepaid-and-cod-${keys}-${Date.now()}`,
      paymentMethod,
    },
    cart,
    null,
  );
}

async function orderRow(orderNumber: string) {
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row;
}

describe('the online-payment offer and the cash-on-delivery limits', () => {
  it('starts with 5 % off paying online (up to ₹100) and cash on delivery for any total', async () => {
    expect(await loadPaymentSettings(await getDb())).toEqual({
      prepaid: { kind: 'percent', value: 5, cap: 100 },
      codMaxTotal: null,
    });
  });

  it('shows both totals in the cart and takes the offer off an order paid online only', async () => {
    const cart = await cartWith([{ productId: 3, quantity: 1 }]);
    const cod = await viewCart(cart, null);
    expect(cod.quote.totals.online).toBe(cod.quote.totals.cod - Math.round(cod.quote.subtotal * 0.05));
    expect(cod.quote.notes.some((n) => n.startsWith('Pay online and save'))).toBe(true);
    const online = await viewCart(cart, null, { paymentMethod: 'online' });
    expect(online.quote.total).toBe(cod.quote.totals.online);

    const paidOnline = await place('online', [{ productId: 3, quantity: 1 }]);
    const cashOnDelivery = await place('cod', [{ productId: 3, quantity: 1 }]);
    if (!paidOnline.ok || !cashOnDelivery.ok) throw new Error('not placed');
    const [a, b] = [await orderRow(paidOnline.orderNumber), await orderRow(cashOnDelivery.orderNumber)];
    expect(a.prepaidDiscount).toBeGreaterThan(0);
    expect(a.total).toBe(b.total - a.prepaidDiscount);
    expect(b.prepaidDiscount).toBe(0);
  });

  it('refuses cash on delivery above the limit and to a closed PIN code; paying online still works', async () => {
    await paymentsDeskRequest(
      form({ intent: 'settings', prepaidOffer: 'percent', prepaidValue: '5', prepaidCap: '100', codMaxTotal: '5000' }),
    );
    const big = [{ productId: 1, quantity: 6 }];
    const refused = await place('cod', big);
    expect(refused).toMatchObject({ ok: false, code: 'unprocessable', message: COD_MESSAGES.overLimit(5000) });
    expect((await place('online', big)).ok).toBe(true);

    expect(
      await paymentsDeskRequest(form({ intent: 'block_pin', pin: '249401', note: 'Returns unpaid' })),
    ).toMatchObject({
      ok: true,
    });
    const closed = await place('cod', [{ productId: 3, quantity: 1 }]);
    expect(closed).toMatchObject({ ok: false, message: COD_MESSAGES.pinClosed('249401') });
    expect((await place('online', [{ productId: 3, quantity: 1 }])).ok).toBe(true);
    expect(await paymentsDeskRequest(form({ intent: 'unblock_pin', pin: '249401' }))).toMatchObject({ ok: true });
    expect((await place('cod', [{ productId: 3, quantity: 1 }])).ok).toBe(true);
  });

  it("the desk's settings refuse what makes no sense and change nothing; valid ones apply to the next quote", async () => {
    const db = await getDb();
    const before = await loadPaymentSettings(db);
    for (const bad of [
      { prepaidOffer: 'percent', prepaidValue: '80', prepaidCap: '', codMaxTotal: '' },
      { prepaidOffer: 'flat', prepaidValue: '0', prepaidCap: '', codMaxTotal: '' },
      { prepaidOffer: 'bogus', prepaidValue: '5', prepaidCap: '', codMaxTotal: '' },
      { prepaidOffer: 'percent', prepaidValue: '5', prepaidCap: '-3', codMaxTotal: '' },
    ]) {
      expect(await paymentsDeskRequest(form({ intent: 'settings', ...bad }))).toMatchObject({
        ok: false,
        code: 'unprocessable',
      });
    }
    expect(await paymentsDeskRequest(form({ intent: 'block_pin', pin: '012345' }))).toMatchObject({ ok: false });
    expect(await loadPaymentSettings(db)).toEqual(before);

    expect(
      await paymentsDeskRequest(
        form({ intent: 'settings', prepaidOffer: 'flat', prepaidValue: '40', prepaidCap: '', codMaxTotal: '' }),
      ),
    ).toMatchObject({ ok: true });
    const cart = await cartWith([{ productId: 3, quantity: 1 }]);
    const view = await viewCart(cart, null);
    expect(view.quote.totals.cod - view.quote.totals.online).toBe(40);
    await paymentsDeskRequest(
      form({ intent: 'settings', prepaidOffer: 'percent', prepaidValue: '5', prepaidCap: '100', codMaxTotal: '' }),
    );
  });

  it('the customer confirms their cash-on-delivery order from its page, once', async () => {
    const placed = await place('cod', [{ productId: 2, quantity: 1 }]);
    if (!placed.ok) throw new Error(placed.message);
    const viewer = { customer: null, token: orderAccessToken(placed.orderNumber, placed.email) };
    const stranger = { customer: null, token: 'not-the-token' };
    expect(await orderFormRequest(form({ intent: 'confirm_order' }), placed.orderNumber, stranger)).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(await orderFormRequest(form({ intent: 'confirm_order' }), placed.orderNumber, viewer)).toMatchObject({
      ok: true,
    });
    expect((await orderRow(placed.orderNumber)).status).toBe('confirmed');
    expect(await orderFormRequest(form({ intent: 'confirm_order' }), placed.orderNumber, viewer)).toMatchObject({
      ok: false,
      code: 'conflict',
    });
    const db = await getDb();
    const order = await orderRow(placed.orderNumber);
    const moves = await db
      .select({ move: orderStatusHistory.move })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(moves.map((m) => m.move)).toEqual(['place', 'confirm_by_customer']);
  });

  it('"pay now instead" switches a COD order to paying online with the offer, and it is paid and confirmed', async () => {
    const placed = await place('cod', [{ productId: 3, quantity: 1 }]);
    if (!placed.ok) throw new Error(placed.message);
    const before = await orderRow(placed.orderNumber);
    const offer = await payInsteadOffer(await getDb(), before);
    expect(offer).toEqual({
      total: before.total - Math.round((before.subtotal - before.discount) * 0.05),
      saving: expect.any(Number),
    });
    expect(await switchToOnline(before.id)).toEqual({ ok: true });
    expect(await switchToOnline(before.id)).toEqual({ ok: true });
    const switched = await orderRow(placed.orderNumber);
    expect(switched).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'online', total: offer!.total });
    const started = await startHostedPayment(placed.orderNumber);
    const linkId = new URL((started as { url: string }).url).pathname.split('/').at(-1)!;
    const paid = await payOnTestGateway(linkId, 'success', 'upi');
    if (!paid.ok || !paid.callback) throw new Error('not paid');
    expect(await settleLinkReturn(Object.fromEntries(new URL(paid.callback).searchParams))).toMatchObject({
      settlement: 'paid',
    });
    expect((await orderRow(placed.orderNumber)).status).toBe('confirmed');
    expect(await switchToOnline(before.id)).toMatchObject({ ok: false });
  });

  it('a switched order whose payment never comes goes back to cash on delivery at its cash price, not cancelled', async () => {
    const placed = await place('cod', [{ productId: 3, quantity: 1 }]);
    if (!placed.ok) throw new Error(placed.message);
    const before = await orderRow(placed.orderNumber);
    await switchToOnline(before.id);
    const switched = await orderRow(placed.orderNumber);
    expect(await releaseUnpaidOrders(new Date(switched.paymentDueAt!.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    const after = await orderRow(placed.orderNumber);
    expect(after).toMatchObject({
      status: 'pending',
      paymentMethod: 'cod',
      total: before.total,
      prepaidDiscount: 0,
      paymentDueAt: null,
    });
    const db = await getDb();
    const moves = await db
      .select({ move: orderStatusHistory.move })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, before.id));
    expect(moves.map((m) => m.move)).toEqual(['place', 'switch_to_online', 'return_to_cod']);
  });
});
