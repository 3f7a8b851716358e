// Test helpers: a delivered two-line order bought with the first-order offer and reward points, moved
// by the desk's own code, and what the shopper and the desk can notice about its money (returns,
// refunds and replacements tests share them).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { getDb } from '../../src/db/client';
import { creditNotes, orders, pointsLedger, returns } from '../../src/db/schema';
import { getAuth } from '../../src/features/auth/auth.server';
import { placeOrder } from '../../src/features/checkout/checkout.server';
import { moveOrder } from '../../src/features/orders/order-desk.server';
import { rewardsSummary } from '../../src/features/rewards/rewards.server';
import { cartWith } from './carts';
import { linesOf, TEST_ADDRESS } from './orders';

/** The desk member the order tests make their moves as. */
export const DESK_TESTER = { id: null, name: 'Desk Tester' };

/** A delivered two-line order (1 + 2 units) of a new customer, bought with the first-order offer and 10 000 points. */
export async function deliveredTwoLineOrder(email: string) {
  const auth = await getAuth();
  const { user } = await auth.api.signUpEmail({ body: { name: 'Meera Iyer', email, password: 'tulsi-leaf-42' } });
  const customer = { id: user.id, email: user.email };
  const cart = await cartWith(
    [
      { productId: 2, quantity: 1 },
      { productId: 4, quantity: 2 },
    ],
    customer,
  );
  const placed = await placeOrder(
    {
      email,
      phone: '9876543210',
      address: TEST_ADDRESS,
      usePoints: true,
      expectedTotal: null,
      idempotencyKey: `two-line-order-${email.replace(/\W/g, '-')}-${Date.now()}`,
    },
    cart,
    customer,
  );
  if (!placed.ok) throw new Error(JSON.stringify(placed));
  const number = placed.orderNumber;
  for (const move of [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: `DL-${number}` },
    { move: 'deliver' },
  ]) {
    expect(await moveOrder(DESK_TESTER, number, move), move.move).toEqual({ ok: true });
  }
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, number));
  const lines = await linesOf(number);
  return { number, user, customer, viewer: { customer }, order, lines };
}

/** What the shopper and the desk can notice about the order's money. */
export async function moneyState(orderId: number, userId: string) {
  const db = await getDb();
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return {
    status: order.status,
    refunds: await db
      .select({ paise: returns.refundPaise, status: returns.status })
      .from(returns)
      .where(eq(returns.orderId, orderId))
      .orderBy(returns.id),
    creditNotes: (
      await db
        .select({ number: creditNotes.creditNoteNumber })
        .from(creditNotes)
        .where(eq(creditNotes.orderId, orderId))
    ).length,
    ledger: await db
      .select({ delta: pointsLedger.delta, reason: pointsLedger.reason })
      .from(pointsLedger)
      .where(eq(pointsLedger.orderId, orderId))
      .orderBy(pointsLedger.id),
    balance: (await rewardsSummary({ id: userId, name: 'Meera Iyer' })).balance,
  };
}
