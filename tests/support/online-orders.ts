// Test helpers: an order paid online through the real checkout and the built-in test gateway's hosted
// page (the same steps as src/features/payments/payments.server.test.ts): paid, never paid, or paid
// after its release (so refunded whole).
import { eq } from 'drizzle-orm';
import { getDb } from '../../src/db/client';
import { orders } from '../../src/db/schema';
import { placeOrder } from '../../src/features/checkout/checkout.server';
import {
  reconcilePayments,
  releaseUnpaidOrders,
  settleLinkReturn,
  startHostedPayment,
} from '../../src/features/payments/payments.server';
import { payOnTestGateway } from '../../src/features/payments/test-gateway/api.server';
import { cartWith } from './carts';
import { TEST_ADDRESS } from './orders';

let keys = 0;
export type OnlineOutcome = 'paid' | 'awaiting' | 'late';
const STATUS_AFTER: Record<OnlineOutcome, string> = {
  paid: 'confirmed',
  awaiting: 'awaiting_payment',
  late: 'cancelled',
};

/**
 * Places a guest's order of `quantity` packs of `productId` paid online, then: `paid` pays it by UPI on
 * the hosted page and comes back signed (confirmed); `awaiting` leaves it waiting; `late` releases it
 * unpaid, then pays, and reconciliation records the payment as late and queues its refund.
 * Returns the order row.
 */
export async function placeOnlineTestOrder(
  email: string,
  outcome: OnlineOutcome = 'paid',
  { productId = 2, quantity = 1, phone = '9876543210', address = TEST_ADDRESS } = {},
) {
  const cart = await cartWith([{ productId, quantity }]);
  const placed = await placeOrder(
    {
      email,
      phone,
      address,
      usePoints: false,
      expectedTotal: null,
      idempotencyKey: `online-test-order-${++keys}-${Date.now()}`,
      paymentMethod: 'online',
    },
    cart,
    null,
  );
  if (!placed.ok) throw new Error(placed.message);
  const db = await getDb();
  const row = async () => (await db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber)))[0];
  if (outcome !== 'awaiting') {
    const started = await startHostedPayment(placed.orderNumber);
    if (!started.ok || !('url' in started)) throw new Error(JSON.stringify(started));
    const linkId = new URL(started.url).pathname.split('/').at(-1)!;
    if (outcome === 'late') await releaseUnpaidOrders(new Date((await row()).paymentDueAt!.getTime() + 1000));
    const paid = await payOnTestGateway(linkId, 'success', 'upi');
    if (!paid.ok) throw new Error(paid.message);
    if (outcome === 'paid') await settleLinkReturn(Object.fromEntries(new URL(paid.callback!).searchParams));
    else await reconcilePayments(new Date(), { includeClosed: true });
  }
  const order = await row();
  if (order.status !== STATUS_AFTER[outcome])
    throw new Error(`Order ${order.orderNumber} is ${order.status}, not ${STATUS_AFTER[outcome]}`);
  return order;
}
