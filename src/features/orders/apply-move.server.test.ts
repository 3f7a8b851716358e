// Every move of the lifecycle table on a real database: each writes its history row and its mail
// exactly once, with its side effects (stock, points, the return record); illegal moves are refused
// with a message and change nothing.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailsTo, placeTestOrder, returnFormFor } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import { orders, productStock, returns } from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import { rewardsSummary } from '../rewards/rewards.server';
import { CANCEL_REFUSED, MOVE_MESSAGES } from './apply-move.server';
import { deskOrderDetail, moveOrder } from './order-desk.server';
import { cancelOrder, getOrderDetail } from './orders.server';
import { requestReturn } from './returns.server';

async function signUp(email: string) {
  const auth = await getAuth();
  const { user } = await auth.api.signUpEmail({ body: { name: 'Lifecycle Buyer', email, password: 'tulsi-leaf-42' } });
  return user;
}

async function state(orderNumber: string, email: string, user: { id: string; name: string } | null, productId: number) {
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  const [{ quantity }] = await db.select().from(productStock).where(eq(productStock.productId, productId));
  const detail = (await deskOrderDetail(orderNumber))!;
  return {
    status: order.status,
    stock: quantity,
    moves: detail.history.map((h) => h.move),
    mails: (await mailsTo(email)).map((m) => m.kind).filter((k) => k !== 'verify_email'),
    balance: user ? (await rewardsSummary(user)).balance : 0,
    returnStatus: detail.returns[0]?.status ?? null,
  };
}

describe('applying moves', () => {
  it('walks an order from placing to refund: one history row and one mail per move, points back once', async () => {
    const user = await signUp('journey@example.in');
    const staffUser = await signUp('journey-staff@example.in');
    const staff = { id: staffUser.id, name: 'Asha (staff)' };
    const customer = { id: user.id, email: user.email };
    const number = await placeTestOrder(user.email, customer, 4);
    const t0 = new Date();
    const at = (h: number) => new Date(t0.getTime() + h * 3_600_000);
    const placed = await state(number, user.email, user, 4);
    const [{ total }] = await (await getDb())
      .select({ total: orders.total })
      .from(orders)
      .where(eq(orders.orderNumber, number));
    expect(placed).toMatchObject({
      status: 'pending',
      moves: ['place'],
      mails: ['order_confirmation'],
      returnStatus: null,
    });
    expect(placed.balance).toBeGreaterThan(10_000); // points earned on the order

    const steps: [string, () => Promise<unknown>, Partial<Awaited<ReturnType<typeof state>>>, string][] = [
      [
        'confirm',
        () => moveOrder(staff, number, { move: 'confirm' }, at(1)),
        { status: 'confirmed' },
        'order_confirmed',
      ],
      [
        'ship',
        () => moveOrder(staff, number, { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL42' }, at(20)),
        { status: 'shipped' },
        'order_shipped',
      ],
      [
        'out_for_delivery',
        () => moveOrder(staff, number, { move: 'out_for_delivery' }, at(70)),
        { status: 'out_for_delivery' },
        'order_out_for_delivery',
      ],
      [
        'deliver',
        () => moveOrder(staff, number, { move: 'deliver' }, at(72)),
        { status: 'delivered' },
        'order_delivered',
      ],
      [
        'request_return',
        async () => requestReturn(number, { customer }, await returnFormFor(number), at(80)),
        { status: 'return_requested', returnStatus: 'requested' },
        'return_requested',
      ],
      [
        'accept_return',
        () => moveOrder(staff, number, { move: 'accept_return', note: 'Pickup on Friday.' }, at(90)),
        { status: 'return_requested', returnStatus: 'accepted' },
        'return_accepted',
      ],
      [
        'receive_return',
        () => moveOrder(staff, number, { move: 'receive_return' }, at(120)),
        { status: 'returned', returnStatus: 'received' },
        'return_received',
      ],
      [
        'refund',
        () =>
          moveOrder(
            staff,
            number,
            { move: 'refund', refundAmount: String(total), payoutReference: 'UTR 4242' },
            at(130),
          ),
        { status: 'refunded', returnStatus: 'refunded' },
        'order_refunded',
      ],
    ];
    let before = placed;
    for (const [move, run, expected, mailKind] of steps) {
      expect(await run(), move).toMatchObject({ ok: true });
      const after = await state(number, user.email, user, 4);
      expect(after, move).toMatchObject(expected);
      expect(after.moves, move).toEqual([...before.moves, move]);
      expect(after.mails, move).toEqual([...before.mails, mailKind]);
      expect(after.stock, move).toBe(before.stock); // delivered goods never go back on the shelf by themselves
      // Points come back once, with the refund of the whole order.
      expect(after.balance, move).toBe(move === 'refund' ? 10_000 : before.balance);
      before = after;
    }
    const detail = (await getOrderDetail(number, { customer }))!;
    expect(detail.history.find((h) => h.move === 'ship')).toMatchObject({
      courier: 'Delhivery',
      trackingNumber: 'DL42',
    });
    expect(detail.returns[0]).toMatchObject({
      status: 'refunded',
      refundPaise: total * 100,
      payoutReference: 'UTR 4242',
      refundUpi: 'meera.iyer@okaxis',
      decidedBy: staffUser.id,
      staffNote: 'Pickup on Friday.',
      reasonCategory: 'damaged',
    });
    const mails = (await mailsTo(user.email)).filter((m) => m.kind !== 'verify_email');
    expect(mails.find((m) => m.kind === 'order_shipped')?.text).toContain('DL42');
    expect(mails.map((m) => m.subject)).toEqual([
      `We received your order ${number}`,
      `Your order ${number} is confirmed`,
      `Your order ${number} has shipped`,
      `Your order ${number} is out for delivery`,
      `Your order ${number} has been delivered`,
      `We received your return request for ${number}`,
      `Your return for ${number} is accepted`,
      `We received your returned parcel for ${number}`,
      `Your refund for ${number} has been issued`,
    ]);
  });

  it('a cancel by the customer or by the staff puts the stock back and the points back, once', async () => {
    const user = await signUp('cancel-twice@example.in');
    const customer = { id: user.id, email: user.email };
    for (const by of ['customer', 'staff'] as const) {
      const number = await placeTestOrder(user.email, customer, 5);
      const before = await state(number, user.email, user, 5);
      const result =
        by === 'customer'
          ? await cancelOrder(number, { customer })
          : await moveOrder({ id: null, name: 'Staff' }, number, {
              move: 'cancel_by_staff',
              note: 'Out of the area we serve.',
            });
      expect(result).toEqual({ ok: true });
      const after = await state(number, user.email, user, 5);
      expect(after).toMatchObject({
        status: 'cancelled',
        stock: before.stock + 1,
        balance: 10_000,
        moves: ['place', `cancel_by_${by}`],
      });
      expect(after.mails.filter((k) => k === 'order_cancelled')).toHaveLength(by === 'customer' ? 1 : 2);
      // A second cancel is refused and changes nothing.
      const again =
        by === 'customer'
          ? await cancelOrder(number, { customer })
          : await moveOrder({ id: null, name: 'Staff' }, number, { move: 'cancel_by_staff' });
      expect(again).toMatchObject({ ok: false });
      expect(await state(number, user.email, user, 5)).toEqual(after);
    }
    const mails = await mailsTo(user.email);
    expect(mails.at(-1)?.text).toContain('Why: Out of the area we serve.');
  });

  it('refuses illegal moves with a message and changes nothing', async () => {
    const staff = { id: null, name: 'Staff' };
    const number = await placeTestOrder('illegal@example.in');
    const before = await state(number, 'illegal@example.in', null, 2);
    expect(await moveOrder(staff, number, { move: 'deliver' })).toEqual({
      ok: false,
      code: 'conflict',
      message: 'An order that is pending cannot be marked delivered.',
    });
    expect(await moveOrder(staff, number, { move: 'refund', refundAmount: '10' })).toEqual({
      ok: false,
      code: 'conflict',
      message: 'An order that is pending cannot be marked refunded.',
    });
    expect(await moveOrder(staff, number, { move: 'ship' })).toEqual({
      ok: false,
      code: 'conflict',
      message: MOVE_MESSAGES.shipment,
    });
    expect(await moveOrder(staff, number, { move: 'cancel_by_customer' })).toEqual({
      ok: false,
      code: 'invalid',
      message: 'Choose one of the actions shown for this order.',
    });
    expect(await moveOrder(staff, number, { move: 'explode' })).toEqual({
      ok: false,
      code: 'invalid',
      message: 'Choose one of the actions shown for this order.',
    });
    expect(await moveOrder(staff, 'VA-ZZZZZZZZ', { move: 'confirm' })).toEqual({
      ok: false,
      code: 'not_found',
      message: 'Order not found.',
    });
    expect(await state(number, 'illegal@example.in', null, 2)).toEqual(before);

    await moveOrder(staff, number, { move: 'confirm' });
    await moveOrder(staff, number, { move: 'ship', courier: 'Blue Dart', trackingNumber: 'BD1' });
    const signed = (await getDb()).select().from(orders).where(eq(orders.orderNumber, number));
    const [order] = await signed;
    expect(
      await cancelOrder(number, {
        customer: null,
        token: (await import('./order-access.server')).orderAccessToken(number, order.email),
      }),
    ).toEqual({ ok: false, code: 'conflict', message: CANCEL_REFUSED });
    expect(await moveOrder(staff, number, { move: 'accept_return' })).toEqual({
      ok: false,
      code: 'conflict',
      message: 'An order that is shipped cannot be marked return accepted.',
    });
    await expect((await getDb()).select().from(returns).where(eq(returns.orderId, order.id))).resolves.toEqual([]);
  });
});
