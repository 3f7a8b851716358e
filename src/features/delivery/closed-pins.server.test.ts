// The desk's list of PIN codes closed to delivery, on the real database: closing and opening one, a
// malformed PIN refused with the desk's message (nothing changes), the PIN check answering "We can't take
// orders to this PIN yet" for a closed PIN, and the checkout refusing an order there, taking no stock.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartWith } from '../../../tests/support/carts';
import { TEST_ADDRESS } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import { productStock } from '../../db/schema';
import { placeOrder } from '../checkout/checkout.server';
import { PostedForm, statusOf } from '../../server/http/form.server';
import { CLOSED_PIN_MESSAGES, deliveryDeskRequest, listClosedPins } from './closed-pins.server';
import { checkPin } from './delivery.server';
import { UNSERVED_PIN_MESSAGE } from './delivery-estimate';

const desk = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return deliveryDeskRequest(new PostedForm(data));
};
const stockOf = async (productId: number) => {
  const db = await getDb();
  const [row] = await db.select().from(productStock).where(eq(productStock.productId, productId));
  return row.quantity;
};
let keys = 0;
const order = async (paymentMethod: 'cod' | 'online' = 'cod') =>
  placeOrder(
    {
      email: 'closed-pin@example.in',
      phone: '9876543210',
      address: TEST_ADDRESS,
      usePoints: false,
      expectedTotal: null,
      paymentMethod,
      idempotencyKey: `closed-pin-key-${++keys}-${Date.now()}`,
    },
    await cartWith([{ productId: 1, quantity: 1 }], null),
    null,
  );

describe('PIN codes closed to delivery', () => {
  it('closes and opens a PIN code; the check and the checkout honour it while it is closed', async () => {
    expect((await checkPin(TEST_ADDRESS.pin)).ok).toBe(true);
    expect(await desk({ intent: 'close_pin', pin: TEST_ADDRESS.pin, note: 'Courier stopped' })).toEqual({
      ok: true,
      notice: CLOSED_PIN_MESSAGES.closed(TEST_ADDRESS.pin),
    });
    expect(await listClosedPins()).toMatchObject([{ pin: TEST_ADDRESS.pin, note: 'Courier stopped' }]);
    expect(await checkPin(` ${TEST_ADDRESS.pin} `)).toEqual({
      ok: false,
      pin: TEST_ADDRESS.pin,
      message: UNSERVED_PIN_MESSAGE,
    });
    expect(UNSERVED_PIN_MESSAGE).toBe("We can't take orders to this PIN yet");

    const before = await stockOf(1);
    for (const method of ['cod', 'online'] as const) {
      expect(await order(method)).toMatchObject({
        ok: false,
        code: 'unprocessable',
        errors: { pin: UNSERVED_PIN_MESSAGE },
      });
    }
    expect(await stockOf(1)).toBe(before);

    expect(await desk({ intent: 'open_pin', pin: TEST_ADDRESS.pin })).toEqual({
      ok: true,
      notice: CLOSED_PIN_MESSAGES.opened(TEST_ADDRESS.pin),
    });
    expect(await listClosedPins()).toEqual([]);
    expect((await checkPin(TEST_ADDRESS.pin)).ok).toBe(true);
    expect(await order()).toMatchObject({ ok: true });
  });

  it('refuses a malformed PIN code with the desk’s message and a 4xx, changing nothing', async () => {
    for (const pin of ['', '12345', '012345', '1234567', 'abcdef', '24940 1']) {
      const refused = await desk({ intent: 'close_pin', pin });
      expect(refused).toMatchObject({ ok: false, message: CLOSED_PIN_MESSAGES.format });
      if (!refused.ok) expect(statusOf(refused.code)).toBe(422);
    }
    const badOpen = await desk({ intent: 'open_pin', pin: '1' });
    expect(badOpen.ok).toBe(false);
    if (!badOpen.ok) expect(statusOf(badOpen.code)).toBe(400);
    expect(await listClosedPins()).toEqual([]);
  });
});
