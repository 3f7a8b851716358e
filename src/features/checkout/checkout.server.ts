// Placing a cash-on-delivery order. The server prices everything from the database (the browser's
// prices are never read), then one transaction takes the stock, records the order, its lines and its
// first status, and queues the confirmation mail. The form's idempotency key makes it one order
// however often the form is sent.
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { orderLines, orders, orderStatusHistory, products, productStock } from '../../db/schema';
import { CHECKOUT_MESSAGES, quoteCheckout, validateContact, type CheckoutContact, type CheckoutErrors, type CheckoutLine, type CheckoutQuote, type QuoteOptions } from '../../lib/checkout';
import { applyDiscountCode } from '../../lib/discount';
import { generateOrderNumber } from '../../lib/orders';
import type { SessionUser } from '../auth/session.server';
import type { CartLineInput } from '../cart/cart.schema';
import { InvalidCartError, priceCart } from '../cart/pricing.server';
import { enqueueEmail, kickOutbox } from '../email/outbox.server';
import { awardOrderPoints, findUsableCoupon, NotEnoughPointsError, rewardBalance, spendPointsOnOrder, useCoupon } from '../rewards/rewards.server';
import { idempotencyKeySchema, type PlaceOrderRequest } from './checkout.schema';
import { orderConfirmationMail } from './order-mail';

export type Customer = Pick<SessionUser, 'id' | 'email'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface CheckoutQuoteResult extends CheckoutQuote {
  /** Why lines of the cart could not be priced (unknown product or plan). */
  dropped: { productId: number; months: number; note: string }[];
}

/** A customer's first order is one without an earlier order that was not cancelled (under their id or email). */
async function isFirstOrder(executor: Pick<Db, 'select'>, customer: Customer | null): Promise<boolean> {
  if (!customer) return false;
  const [earlier] = await executor.select({ id: orders.id }).from(orders)
    .where(and(or(eq(orders.customerId, customer.id), eq(orders.email, customer.email.toLowerCase())), ne(orders.status, 'cancelled')))
    .limit(1);
  return !earlier;
}

/**
 * The signed-in customer's own offers for this quote: the unused coupon matching the typed code, and
 * the points balance when they chose to pay with points.
 */
async function customerOptions(executor: Tx | Db, customer: Customer | null, code: string | null, usePoints: boolean):
  Promise<Omit<QuoteOptions, 'code' | 'coupon'> & { coupon?: { id: number; code: string; percentOff: number } | null }> {
  if (!customer) return { firstOrderEligible: false };
  const [firstOrderEligible, coupon, balance] = await Promise.all([
    isFirstOrder(executor, customer),
    code?.trim() ? findUsableCoupon(executor, customer.id, code) : null,
    usePoints ? rewardBalance(executor, customer.id) : 0,
  ]);
  return { firstOrderEligible, coupon, points: usePoints ? { balance, requested: balance } : undefined };
}

/** Server prices for the lines, with each product's buy-1-get-1 flag. */
async function priceLines(items: CartLineInput[]) {
  const priced = await priceCart(items);
  const ids = [...new Set(priced.lines.map((l) => l.productId))];
  const db = await getDb();
  const flags = ids.length ? await db.select({ id: products.id, bogo: products.buyOneGetOne }).from(products).where(inArray(products.id, ids)) : [];
  const bogo = new Set(flags.filter((f) => f.bogo).map((f) => f.id));
  const lines: CheckoutLine[] = priced.lines.map((l) => ({
    productId: l.productId, months: l.months, quantity: l.quantity, name: l.name, unitPrice: l.unitPrice, bogo: bogo.has(l.productId),
  }));
  return { lines, dropped: priced.dropped };
}

/** What the checkout page shows: the server's lines, offer, shipping and total. */
export async function quoteForCart(items: CartLineInput[], code: string | null, customer: Customer | null, usePoints = false): Promise<CheckoutQuoteResult> {
  const { lines, dropped } = await priceLines(items);
  const options = await customerOptions(await getDb(), customer, code, usePoints);
  return { ...quoteCheckout(lines, { code, ...options }), dropped };
}

export type PlaceOrderResult =
  | { ok: true; orderNumber: string; email: string; created: boolean }
  | { ok: false; errors: CheckoutErrors; message: string; status: 422 | 500 };

class OutOfStockError extends Error {}
/** The customer's coupon or points were used by another order meanwhile. */
class RewardsChangedError extends Error {}
class AlreadyPlacedError extends Error {}

const CHECK_FIELDS_MESSAGE = 'Please check the details marked below.';
const failure = (errors: CheckoutErrors, status: 422 | 500 = 422): PlaceOrderResult =>
  ({ ok: false, errors, message: errors.form ?? errors.cart ?? CHECK_FIELDS_MESSAGE, status });

async function orderForKey(key: string) {
  const db = await getDb();
  const [row] = await db.select({ orderNumber: orders.orderNumber, email: orders.email }).from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  return row ?? null;
}

/** Stock is kept in monthly packs: a 3-month plan takes 3 packs per unit ordered. */
function packsByProduct(lines: CheckoutLine[]) {
  const packs = new Map<number, { name: string; packs: number }>();
  for (const l of lines) {
    const entry = packs.get(l.productId) ?? { name: l.name, packs: 0 };
    entry.packs += l.months * l.quantity;
    packs.set(l.productId, entry);
  }
  // Always the same order, so two orders never wait on each other's rows (no deadlock).
  return [...packs.entries()].sort(([a], [b]) => a - b);
}

async function takeStock(tx: Tx, lines: CheckoutLine[]) {
  for (const [productId, { name, packs }] of packsByProduct(lines)) {
    // Conditional decrement: concurrent orders queue on the row and re-check; stock never goes below zero.
    const [taken] = await tx.update(productStock)
      .set({ quantity: sql`${productStock.quantity} - ${packs}`, updatedAt: new Date() })
      .where(and(eq(productStock.productId, productId), sql`${productStock.quantity} >= ${packs}`))
      .returning({ quantity: productStock.quantity });
    if (!taken) {
      const [left] = await tx.select({ quantity: productStock.quantity }).from(productStock).where(eq(productStock.productId, productId));
      const available = left?.quantity ?? 0;
      throw new OutOfStockError(available > 0 ? `Only ${available} left of ${name}. Please lower the quantity.` : `${name} is out of stock.`);
    }
  }
}

async function insertOrder(tx: Tx, contact: CheckoutContact, quote: CheckoutQuote, request: PlaceOrderRequest, customer: Customer | null) {
  const { breakup } = quote;
  const [order] = await tx.insert(orders).values({
    orderNumber: generateOrderNumber(), customerId: customer?.id ?? null, email: contact.email, phone: contact.phone,
    address: contact.address, subtotal: breakup.subtotal, discount: breakup.discount, discountLabel: breakup.discountLabel,
    discountCode: breakup.discountCode, shipping: breakup.shipping, pointsRedeemed: breakup.pointsRedeemed, total: breakup.total,
    idempotencyKey: request.idempotencyKey,
  }).onConflictDoNothing({ target: orders.idempotencyKey }).returning();
  // Someone else (a double-click, a retry) placed this form's order first: theirs is the order.
  if (!order) throw new AlreadyPlacedError();
  return order;
}

const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  const e = error as { code?: string; constraint?: string; constraint_name?: string; message?: string; cause?: unknown };
  if (e?.code === '23505') return (e.constraint ?? e.constraint_name ?? e.message ?? '').includes(constraint);
  return e?.cause ? isUniqueViolation(e.cause, constraint) : false;
};

/**
 * Places the order, or returns the one already placed with this request's idempotency key.
 * Errors are per field ('email', 'phone', address fields, 'code', 'cart', 'form').
 */
export async function placeOrder(request: PlaceOrderRequest, customer: Customer | null): Promise<PlaceOrderResult> {
  if (!idempotencyKeySchema.safeParse(request.idempotencyKey).success) {
    return failure({ form: 'This checkout form has expired. Please reload the page and try again.' });
  }
  const existing = await orderForKey(request.idempotencyKey);
  if (existing) return { ok: true, ...existing, created: false };

  const contact = validateContact({ email: request.email, phone: request.phone, address: request.address });
  const errors: CheckoutErrors = contact.ok ? {} : { ...contact.errors };
  if (request.code.trim()) {
    const code = applyDiscountCode(request.code, 0);
    const ownCoupon = customer ? await findUsableCoupon(await getDb(), customer.id, request.code) : null;
    if (!code.ok && !ownCoupon) errors.code = code.message;
  }
  let priced: Awaited<ReturnType<typeof priceLines>>;
  try {
    priced = await priceLines(request.items);
  } catch (error) {
    if (!(error instanceof InvalidCartError)) throw error;
    return failure({ ...errors, cart: 'Your cart could not be read. Please go back to the cart and try again.' });
  }
  if (priced.dropped.length) errors.cart = priced.dropped.map((d) => d.note).join(' ');
  else if (priced.lines.length === 0) errors.cart = CHECKOUT_MESSAGES.emptyCart;
  if (!contact.ok || Object.keys(errors).length) return failure(errors);

  // Prices were read just above; the stock and the first-order rule are decided inside the transaction.
  const db = await getDb();
  for (let attempt = 1; ; attempt++) {
    try {
      const order = await db.transaction(async (tx) => {
        if (customer) {
          // One order at a time per customer, so the first-order offer is given once.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`first-order:${customer.id}`}))`);
        }
        const options = await customerOptions(tx, customer, request.code, request.usePoints);
        const quote = quoteCheckout(priced.lines, { code: request.code, ...options });
        // The order row goes in first: it claims the idempotency key, so a concurrent resend of the
        // same form waits on it and then backs off instead of taking the stock a second time.
        const order = await insertOrder(tx, contact.data, quote, request, customer);
        await takeStock(tx, priced.lines);
        if (customer) {
          const { breakup } = quote;
          const couponWon = options.coupon && breakup.discountCode === options.coupon.code;
          if (couponWon && !(await useCoupon(tx, options.coupon!.id, order.id))) throw new RewardsChangedError();
          await spendPointsOnOrder(tx, customer.id, order.id, breakup.pointsRedeemed);
          await awardOrderPoints(tx, order);
        }
        await tx.insert(orderLines).values(quote.lines.map((l) => ({
          orderId: order.id, productId: l.productId, name: l.name, months: l.months, quantity: l.quantity, unitPrice: l.unitPrice, lineTotal: l.lineTotal,
        })));
        await tx.insert(orderStatusHistory).values({ orderId: order.id, status: 'pending', note: 'Order placed; cash on delivery, awaiting confirmation.' });
        await enqueueEmail(tx, { kind: 'order_confirmation', to: order.email, ...orderConfirmationMail(order, quote.lines) });
        return order;
      });
      kickOutbox();
      return { ok: true, orderNumber: order.orderNumber, email: order.email, created: true };
    } catch (error) {
      if (error instanceof OutOfStockError) return failure({ cart: error.message });
      if (error instanceof RewardsChangedError || error instanceof NotEnoughPointsError) {
        return failure({ form: 'Your coupon or reward points were just used on another order. Please check the total and place the order again.' });
      }
      if (error instanceof AlreadyPlacedError || isUniqueViolation(error, 'idempotency_key')) {
        const placed = await orderForKey(request.idempotencyKey);
        if (placed) return { ok: true, ...placed, created: false };
      }
      // A fresh random order number collided with an existing one (about 1 in 10^11): draw again.
      if (attempt < 3 && isUniqueViolation(error, 'order_number')) continue;
      console.error('Placing an order failed', error);
      return failure({ form: CHECKOUT_MESSAGES.failed }, 500);
    }
  }
}
