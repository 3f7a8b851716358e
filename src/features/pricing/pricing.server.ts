// The quote's inputs, read from the database: each line's price (plan rules in product-prices.ts),
// buy-1-get-1 flag and stock, the applied code, and what the shopper is entitled to. Every caller
// (cart, checkout, order placement inside its transaction) prices through priceCartLines.
import { availableSql } from '../stock/kits.server';
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import type { PaymentMethod } from '../../lib/payments';
import { loadPaymentSettings, prepaidOfferNow } from '../payments/payment-settings.server';
import type { LiveOffers } from './offer-lines';
import { findUsableCoupon, rewardBalance } from '../rewards/rewards.server';
import { buildPlanOptions } from './product-prices';
import {
  normaliseCode,
  quoteCart,
  type DroppedLine,
  type Quote,
  type QuoteContext,
  type QuoteLineInput,
  type StoreCode,
} from './quote';

export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export interface LineRequest {
  productId: number;
  months: number;
  quantity: number;
}
export interface Shopper {
  id: string;
  email: string;
}

const PLACEHOLDER_IMAGE = '/placeholder.png';

/** The offers live now, for the ticker (offer-lines.ts): the same rows the quote reads. */
export async function loadLiveOffers(executor: Executor): Promise<LiveOffers> {
  const [[bogo], prepaid, { codMaxTotal }] = await Promise.all([
    executor
      .select({ id: t.products.id })
      .from(t.products)
      .where(and(eq(t.products.buyOneGetOne, true), isNull(t.products.archivedAt)))
      .limit(1),
    prepaidOfferNow(executor),
    loadPaymentSettings(executor),
  ]);
  return { bogoOnSale: !!bogo, prepaid, cod: codMaxTotal == null || codMaxTotal > 0 };
}

/** Server prices, flags and stock for the requested lines, in the order asked. */
export async function loadQuoteLines(
  executor: Executor,
  requests: LineRequest[],
): Promise<{ lines: QuoteLineInput[]; dropped: DroppedLine[] }> {
  const ids = [...new Set(requests.map((r) => r.productId))];
  if (!ids.length) return { lines: [], dropped: [] };
  const [products, plans] = await Promise.all([
    executor
      .select({
        id: t.products.id,
        name: t.products.name,
        slug: t.products.slug,
        image: t.products.thumbnailUrl,
        price: t.products.price,
        discountPrice: t.products.discountPrice,
        bogo: t.products.buyOneGetOne,
        stock: availableSql,
      })
      .from(t.products)
      // An archived product is no longer sold: it leaves carts like a deleted one.
      .where(and(inArray(t.products.id, ids), isNull(t.products.archivedAt))),
    executor
      .select({
        id: t.subscriptionPlans.id,
        productId: t.subscriptionPlans.productId,
        label: t.subscriptionPlans.label,
        amount: t.subscriptionPlans.amount,
        months: t.subscriptionPlans.months,
      })
      .from(t.subscriptionPlans)
      .where(inArray(t.subscriptionPlans.productId, ids)),
  ]);
  const lines: QuoteLineInput[] = [];
  const dropped: DroppedLine[] = [];
  for (const request of requests) {
    const product = products.find((p) => p.id === request.productId);
    const option =
      product &&
      buildPlanOptions(
        product,
        plans.filter((p) => p.productId === product.id),
      ).find((o) => o.months === request.months);
    if (!product || !option) {
      const note = product
        ? `The ${request.months}-month plan of ${product.name} is no longer available.`
        : `Product ${request.productId} is no longer available.`;
      dropped.push({ ...request, note });
      continue;
    }
    lines.push({
      productId: product.id,
      months: request.months,
      quantity: request.quantity,
      name: product.name,
      slug: product.slug,
      image: product.image || PLACEHOLDER_IMAGE,
      unitPrice: option.displayed,
      bogo: product.bogo,
      stock: product.stock,
    });
  }
  return { lines, dropped };
}

/** Whose uses count against a code's per-customer limit: the account, or the email of a guest's order. */
export interface CodeUser {
  customerId?: string | null;
  email?: string | null;
}

const CODE_USE = (code: string) => and(eq(t.orders.discountCode, code), ne(t.orders.status, 'cancelled'));

async function countUses(executor: Executor, code: string, user?: CodeUser): Promise<number> {
  const mine =
    user &&
    or(
      user.customerId ? eq(t.orders.customerId, user.customerId) : undefined,
      user.email ? eq(t.orders.email, user.email.toLowerCase()) : undefined,
    );
  const [{ count }] = await executor
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(t.orders)
    .where(and(CODE_USE(code), mine));
  return count;
}

/**
 * The store code with this name when it is active now; `unavailable` says why it gives nothing when its
 * uses (in all, or by this customer) have run out.
 */
export async function findStoreCode(
  executor: Executor,
  rawCode: string,
  user: CodeUser = {},
  now = new Date(),
): Promise<StoreCode | null> {
  const [row] = await executor
    .select()
    .from(t.discountCodes)
    .where(
      and(
        eq(t.discountCodes.code, normaliseCode(rawCode)),
        eq(t.discountCodes.active, true),
        or(isNull(t.discountCodes.startsAt), lte(t.discountCodes.startsAt, now)),
        or(isNull(t.discountCodes.endsAt), gt(t.discountCodes.endsAt, now)),
      ),
    );
  if (!row) return null;
  const code: StoreCode = { code: row.code, kind: row.kind, value: row.value, minSubtotal: row.minSubtotal };
  const shown = row.code.toUpperCase();
  if (row.maxUses != null && (await countUses(executor, row.code)) >= row.maxUses)
    return { ...code, unavailable: `${shown} has been used up.` };
  const identified = user.customerId || user.email;
  if (
    row.maxUsesPerCustomer != null &&
    identified &&
    (await countUses(executor, row.code, user)) >= row.maxUsesPerCustomer
  ) {
    return { ...code, unavailable: `You have already used ${shown}.` };
  }
  return code;
}

/** Inside an order's transaction: concurrent orders with a limited code count its uses one at a time. */
export async function lockLimitedCode(tx: Executor, rawCode: string) {
  await tx
    .select({ code: t.discountCodes.code })
    .from(t.discountCodes)
    .where(
      and(
        eq(t.discountCodes.code, normaliseCode(rawCode)),
        or(isNotNull(t.discountCodes.maxUses), isNotNull(t.discountCodes.maxUsesPerCustomer)),
      ),
    )
    .for('update');
}

/** A customer's first order is one without an earlier order that was not cancelled (under their id or email). */
export async function isFirstOrder(executor: Executor, shopper: Shopper): Promise<boolean> {
  const [earlier] = await executor
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(
      and(
        or(eq(t.orders.customerId, shopper.id), eq(t.orders.email, shopper.email.toLowerCase())),
        ne(t.orders.status, 'cancelled'),
      ),
    )
    .limit(1);
  return !earlier;
}

/** What decides the offers for this shopper and code (coupons, first order and points belong to accounts). */
export async function quoteContext(
  executor: Executor,
  shopper: Shopper | null,
  code: string | null,
  options: { usePoints?: boolean; email?: string; paymentMethod?: PaymentMethod } = {},
): Promise<QuoteContext & { couponId: number | null }> {
  const usePoints = options.usePoints ?? false;
  const [storeCode, coupon, firstOrder, balance, prepaidOffer] = await Promise.all([
    code ? findStoreCode(executor, code, { customerId: shopper?.id, email: options.email ?? shopper?.email }) : null,
    code && shopper ? findUsableCoupon(executor, shopper.id, code) : null,
    shopper ? isFirstOrder(executor, shopper) : null,
    shopper && usePoints ? rewardBalance(executor, shopper.id) : 0,
    prepaidOfferNow(executor),
  ]);
  return {
    code,
    storeCode,
    couponId: coupon?.id ?? null,
    coupon: coupon ? { code: coupon.code, percentOff: coupon.percentOff } : null,
    firstOrder: firstOrder == null ? 'sign-in' : firstOrder ? 'eligible' : 'used',
    points: shopper && usePoints ? { balance, use: true } : undefined,
    prepaid: { offer: prepaidOffer, chosen: options.paymentMethod === 'online' },
  };
}

export interface PricedCart {
  quote: Quote;
  dropped: DroppedLine[];
  context: Awaited<ReturnType<typeof quoteContext>>;
}

/** The one quote for these lines, code and shopper. */
export async function priceCartLines(
  executor: Executor,
  requests: LineRequest[],
  options: {
    code: string | null;
    shopper: Shopper | null;
    usePoints?: boolean /** The order's email (guests' per-customer code limits). */;
    email?: string;
    /** Paying online gets the desk's online-payment offer. */
    paymentMethod?: PaymentMethod;
  },
): Promise<PricedCart> {
  const [{ lines, dropped }, context] = await Promise.all([
    loadQuoteLines(executor, requests),
    quoteContext(executor, options.shopper, options.code, options),
  ]);
  return { quote: quoteCart(lines, context), dropped, context };
}
