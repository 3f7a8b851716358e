// Placing an order from the shopper's server cart, cash on delivery or paid online (then it awaits its
// payment with the stock held; features/payments takes the money). One transaction locks the cart,
// prices it with the one quote (features/pricing), takes the stock, records the order, its lines and its
// first status, spends points and coupons, empties the cart and queues the confirmation mail. The
// form's idempotency key makes it one order however often the form is sent.
import { and, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { carts, orderLines, orders, products, productStock } from '../../db/schema';
import { packsByProduct, type StockLine } from '../../lib/kits';
import { CHECKOUT_MESSAGES, validateContact, type CheckoutContact, type CheckoutErrors } from '../../lib/checkout';
import { parseBuyerGstin } from '../../lib/gstin';
import { isDatabaseUnavailable } from '../../lib/database-faults';
import { DomainError, refusal, type Refusal } from '../../lib/errors';
import { formatRupees } from '../../lib/money';
import { PAYMENT_MESSAGES, PAYMENT_WINDOW_MINUTES } from '../../lib/payments';
import type { SessionUser } from '../auth/session.server';
import { cartLineRequests, emptyCart, type CartRef } from '../cart/cart.server';
import { deliveryRefusal, fillBlanksFromPin } from '../delivery/delivery.server';
import { rememberOrderAddress } from '../addresses/addresses.server';
import { kickOutbox } from '../../server/mail/outbox.server';
import { recordPlacement } from '../orders/apply-move.server';
import { recordConsent } from '../privacy/consent-records.server';
import { noteCartOrdered } from '../reminders/reminders.server';
import { generateOrderNumber } from '../orders/order-number';
import { lockLimitedCode, priceCartLines } from '../pricing/pricing.server';
import type { Quote } from '../pricing/quote';
import { awardOrderPoints, NotEnoughPointsError, spendPointsOnOrder, useCoupon } from '../rewards/rewards.server';
import { onlinePaymentAvailable } from '../payments/availability.server';
import { codRefusalFor } from '../payments/payment-settings.server';
import { availableSql, kitContents, recordOrderedKits } from '../stock/kits.server';
import { idempotencyKeySchema, type PlaceOrderRequest } from './checkout.schema';

export type Customer = Pick<SessionUser, 'id' | 'email'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type PlaceOrderResult =
  | { ok: true; orderNumber: string; email: string; created: boolean }
  | (Refusal<'conflict' | 'unprocessable' | 'failed'> & { errors: CheckoutErrors });

/**
 * A refusal found inside the transaction, which the throw rolls back; the shopper is told why beside the
 * cart or above the form. Most are the cart changing under the shopper (conflict).
 */
const refusedIn = (field: 'cart' | 'form', message: string, code: 'conflict' | 'unprocessable' = 'conflict') =>
  new DomainError(code, message, { [field]: message });
/** The order this request's idempotency key already placed: not a refusal, the answer is that order. */
class AlreadyPlacedError extends Error {}

const CHECK_FIELDS_MESSAGE = 'Please check the details marked below.';
const failure = (
  errors: CheckoutErrors,
  code: 'conflict' | 'unprocessable' | 'failed' = 'unprocessable',
): PlaceOrderResult => ({ ...refusal(code, errors.form ?? errors.cart ?? CHECK_FIELDS_MESSAGE), errors });

async function orderForKey(executor: Tx | Db, key: string) {
  const [row] = await executor
    .select({ orderNumber: orders.orderNumber, email: orders.email })
    .from(orders)
    .where(eq(orders.idempotencyKey, key))
    .limit(1);
  return row ?? null;
}

/**
 * Takes the order's packs (stock is kept in monthly packs; a kit takes its components' packs: the one
 * rule, src/lib/kits.ts). Conditional decrements in product order: concurrent orders queue on the row
 * and re-check, stock never goes below zero and two orders never wait on each other (no deadlock).
 */
async function takeStock(tx: Tx, lines: StockLine[]) {
  for (const { productId, packs, lines: needing } of packsByProduct(lines)) {
    const [taken] = await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} - ${packs}`, updatedAt: new Date() })
      .where(and(eq(productStock.productId, productId), sql`${productStock.quantity} >= ${packs}`))
      .returning({ quantity: productStock.quantity });
    if (!taken) {
      // Told as the shopper ordered it: the kit's name and what is left of it, not its component's.
      const { line } = needing[0];
      const [left] = await tx.select({ available: availableSql }).from(products).where(eq(products.id, line.productId));
      const available = left?.available ?? 0;
      throw refusedIn(
        'cart',
        available > 0
          ? `Only ${available} left of ${line.name}. Please lower the quantity.`
          : `${line.name} is out of stock.`,
      );
    }
  }
}

async function insertOrder(
  tx: Tx,
  contact: CheckoutContact,
  quote: Quote,
  request: PlaceOrderRequest,
  customer: Customer | null,
) {
  const [order] = await tx
    .insert(orders)
    .values({
      orderNumber: generateOrderNumber(),
      customerId: customer?.id ?? null,
      email: contact.email,
      phone: contact.phone,
      address: contact.address,
      subtotal: quote.subtotal,
      discount: quote.discount,
      discountLabel: quote.offer?.label ?? null,
      discountCode: quote.offer?.code ?? null,
      shipping: quote.shipping,
      pointsRedeemed: quote.pointsRedeemed,
      prepaidDiscount: quote.prepaidDiscount,
      total: quote.total,
      idempotencyKey: request.idempotencyKey,
      paymentMethod: request.paymentMethod ?? 'cod',
      status: request.paymentMethod === 'online' ? 'awaiting_payment' : 'pending',
      // Paid online: the stock taken below is held for the shopper this long, then released (payments feature).
      paymentDueAt: request.paymentMethod === 'online' ? new Date(Date.now() + PAYMENT_WINDOW_MINUTES * 60_000) : null,
      buyerGstin: buyerGstin(request),
    })
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning();
  // Someone else (a double-click, a retry) placed this form's order first: theirs is the order.
  if (!order) throw new AlreadyPlacedError();
  return order;
}

/** The buyer's GSTIN, already checked by placeOrder (null: none given). */
const buyerGstin = (request: PlaceOrderRequest) => {
  const gstin = parseBuyerGstin(request.gstin);
  return gstin.ok ? gstin.gstin : null;
};

const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  const e = error as {
    code?: string;
    constraint?: string;
    constraint_name?: string;
    message?: string;
    cause?: unknown;
  };
  if (e?.code === '23505') return (e.constraint ?? e.constraint_name ?? e.message ?? '').includes(constraint);
  return e?.cause ? isUniqueViolation(e.cause, constraint) : false;
};

/** The order for the cart as it is inside the transaction, or why it cannot be placed. */
async function orderCart(
  tx: Tx,
  cart: CartRef,
  contact: CheckoutContact,
  request: PlaceOrderRequest,
  customer: Customer | null,
) {
  // The cart row is the lock: a change in another tab waits for the order, and the order sees the cart whole.
  const [locked] = await tx.select({ code: carts.code }).from(carts).where(eq(carts.id, cart.id)).for('update');
  if (await orderForKey(tx, request.idempotencyKey)) throw new AlreadyPlacedError();
  if (customer) {
    // One order at a time per customer, so the first-order offer is given once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`first-order:${customer.id}`}))`);
  }
  const requests = locked ? await cartLineRequests(tx, cart.id) : [];
  if (!requests.length) throw refusedIn('cart', CHECKOUT_MESSAGES.emptyCart, 'unprocessable');
  if (locked.code) await lockLimitedCode(tx, locked.code);
  const method = request.paymentMethod ?? 'cod';
  const { quote, dropped, context } = await priceCartLines(tx, requests, {
    code: locked.code,
    shopper: customer,
    usePoints: request.usePoints,
    email: contact.email,
    paymentMethod: method,
  });
  if (dropped.length) throw refusedIn('cart', dropped.map((d) => d.note).join(' '));
  const overStock = quote.lines.find((l) => l.overStock);
  if (overStock) throw refusedIn('cart', overStock.stockNote!);
  // Cash on delivery has limits the desk sets (the order's total, closed PIN codes): paying online has none.
  const codRefused = await codRefusalFor(tx, method, quote.total, contact.address.pin);
  if (codRefused) throw refusedIn('form', codRefused, 'unprocessable');
  // The shopper agreed to the total they saw; never charge more than that (a lower total is good news).
  if (request.expectedTotal != null && quote.total > request.expectedTotal) {
    const why = quote.code?.status === 'unavailable' ? `${quote.code.message} ` : '';
    throw refusedIn(
      'form',
      `${why}Your total is now ${formatRupees(quote.total)}. Please check your order and place it again.`,
    );
  }
  // The order row goes in first: it claims the idempotency key.
  const order = await insertOrder(tx, contact, quote, request, customer);
  const kits = await kitContents(
    tx,
    quote.lines.map((l) => l.productId),
  );
  await takeStock(
    tx,
    quote.lines.map((l) => ({ ...l, parts: kits.get(l.productId) })),
  );
  if (customer) {
    // biome-ignore lint/correctness/useHookAtTopLevel: useCoupon is a database step (rewards), not a React hook
    if (quote.offer?.kind === 'coupon' && !(await useCoupon(tx, context.couponId!, order.id))) {
      throw refusedIn(
        'form',
        'Your coupon was just used on another order. Please check the total and place the order again.',
      );
    }
    await spendPointsOnOrder(tx, customer.id, order.id, quote.pointsRedeemed);
    await awardOrderPoints(tx, order);
    // The address goes into the customer's book when it is new (decision: addresses saved by ordering).
    await rememberOrderAddress(tx, customer.id, contact.address, contact.phone);
  }
  const placedLines = await tx
    .insert(orderLines)
    .values(
      quote.lines.map((l) => ({
        orderId: order.id,
        productId: l.productId,
        name: l.name,
        months: l.months,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        lineTotal: l.lineTotal,
      })),
    )
    .returning({ id: orderLines.id, productId: orderLines.productId });
  await recordOrderedKits(tx, placedLines, kits);
  // A cart that got a reminder and is now ordered: a recovered order for the reports.
  await noteCartOrdered(tx, cart.id, order.id);
  await emptyCart(tx, cart.id);
  // The checkbox is consent to WhatsApp order updates, recorded before the placement's messages are queued.
  if (request.whatsappUpdates)
    await recordConsent(tx, {
      email: contact.email,
      userId: customer?.id,
      purpose: 'whatsapp_order_updates',
      granted: true,
      source: 'checkout',
    });
  await recordPlacement(tx, order, quote.lines);
  return order;
}

/**
 * Places the order for the shopper's cart, or returns the one already placed with this request's
 * idempotency key. Errors are per field ('email', 'phone', address fields, 'cart', 'form').
 */
export async function placeOrder(
  request: PlaceOrderRequest,
  cart: CartRef | null,
  customer: Customer | null,
): Promise<PlaceOrderResult> {
  if (!idempotencyKeySchema.safeParse(request.idempotencyKey).success) {
    return failure({ form: 'This checkout form has expired. Please reload the page and try again.' });
  }
  const db = await getDb();
  const existing = await orderForKey(db, request.idempotencyKey);
  if (existing) return { ok: true, ...existing, created: false };

  // A city or state left blank is filled from the PIN code (the island does it as the PIN is typed).
  const { address } = fillBlanksFromPin(request.address);
  const contact = validateContact({ email: request.email, phone: request.phone, address });
  const errors: CheckoutErrors = contact.ok ? {} : { ...contact.errors };
  // A well-formed PIN must also exist (India Post's directory), lie in the chosen state and take cash on delivery.
  // And the desk may have closed it to delivery.
  const pinProblem = contact.ok ? await deliveryRefusal(contact.data.address, request.paymentMethod ?? 'cod') : null;
  if (pinProblem) errors.pin = pinProblem;
  const gstin = parseBuyerGstin(request.gstin);
  if (!gstin.ok) errors.gstin = gstin.message;
  if (!cart) errors.cart = CHECKOUT_MESSAGES.emptyCart;
  if (request.paymentMethod === 'online' && !onlinePaymentAvailable()) errors.form = PAYMENT_MESSAGES.unavailable;
  if (!contact.ok || !cart || pinProblem || !gstin.ok || errors.form) return failure(errors);

  for (let attempt = 1; ; attempt++) {
    try {
      const order = await db.transaction((tx) => orderCart(tx, cart, contact.data, request, customer));
      kickOutbox();
      return { ok: true, orderNumber: order.orderNumber, email: order.email, created: true };
    } catch (error) {
      if (error instanceof NotEnoughPointsError) {
        return failure(
          {
            form: 'Your reward points were just used on another order. Please check the total and place the order again.',
          },
          'conflict',
        );
      }
      if (error instanceof DomainError && (error.code === 'conflict' || error.code === 'unprocessable'))
        return failure((error.errors as CheckoutErrors | undefined) ?? { form: error.message }, error.code);
      if (error instanceof AlreadyPlacedError || isUniqueViolation(error, 'idempotency_key')) {
        const placed = await orderForKey(db, request.idempotencyKey);
        if (placed) return { ok: true, ...placed, created: false };
      }
      // A fresh random order number collided with an existing one (about 1 in 10^11): draw again.
      if (attempt < 3 && isUniqueViolation(error, 'order_number')) continue;
      // The connection went away mid-transaction: nothing was placed; the caller tries once more (the
      // idempotency key finds an order that did commit), and the HTTP boundary answers 503 otherwise.
      if (isDatabaseUnavailable(error)) throw error;
      console.error('Placing an order failed', error);
      return failure({ form: CHECKOUT_MESSAGES.failed }, 'failed');
    }
  }
}
