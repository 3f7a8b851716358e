// THE price of a cart (one module, one answer): its lines, the one offer that applies, shipping,
// reward points and the total, plus the notes that explain them. The drawer, /cart, /checkout, the
// order row and the order mail all show this quote; pricing.server.ts gathers its inputs from the
// database. Pure, so unit and property tests can run it directly.
//
// Offers (spec §1, §9): a store discount code (save10 …), 30 % off a signed-in customer's first order,
// a customer's own referral coupon, and buy 1 get 1 free on products marked for it. Only one offer
// applies: the one that saves the most (a tie goes to the earlier of code, first order, coupon, buy 1
// get 1). Shipping is ₹50 below ₹499 and free from ₹499, judged after the discount. Points then pay
// part of the goods (50 points = ₹1, never the shipping). Every amount is whole rupees, tax-inclusive.
import { formatRupees } from '../../lib/money';
import { type PrepaidOffer, prepaidDiscountFor, prepaidOfferLabel } from '../../lib/payments';
import { redeemablePoints, REWARDS } from '../../lib/rewards';
import { monthsLabel } from './product-prices';

export const SHIPPING_FEE = 50;
export const FREE_SHIPPING_FROM = 499;
export const FIRST_ORDER_PERCENT = 30;
export const INVALID_DISCOUNT_MESSAGE = 'Invalid discount code';
export const BOGO_HINT = 'Add 1 more to get 1 free';

/** A cart line with the server's price of one unit (the plan's displayed price). */
export interface QuoteLineInput {
  productId: number;
  months: number;
  quantity: number;
  name: string;
  slug: string;
  image: string;
  unitPrice: number;
  /** The product is marked buy 1 get 1 free. */
  bogo: boolean;
  /** Packs in stock (a 3-month plan takes 3 packs per unit). */
  stock: number;
}

export interface QuoteLine extends QuoteLineInput {
  /** The cart item id the browser's copy uses: `${productId}` or `${productId}:${months}m`. */
  id: string;
  label: string;
  lineTotal: number;
  /** Units of this line that buy 1 get 1 makes free (when that offer applies). */
  freeUnits: number;
  /** 'Add 1 more to get 1 free', when one more unit would be free. */
  hint: string | null;
  /** 'Only 3 left', or a stock problem that stops the order. */
  stockNote: string | null;
  /** The line asks for more packs than are in stock. */
  overStock: boolean;
}

/** A line the store cannot sell any more (product or plan gone), with the reason shown to the shopper. */
export interface DroppedLine {
  productId: number;
  months: number;
  note: string;
}

/** A store discount code that is active now (looked up by the server). */
export interface StoreCode {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  minSubtotal: number;
  /** Why the code gives nothing now (its uses have run out). */
  unavailable?: string;
}

export interface QuoteContext {
  /** The code the shopper applied (kept on the cart until removed). */
  code: string | null;
  /** The store code matching `code`, when it is active. */
  storeCode: StoreCode | null;
  /** The signed-in customer's unused coupon matching `code`. */
  coupon: { code: string; percentOff: number } | null;
  /** 'sign-in' for guests: the first-order offer belongs to accounts (see the decision record). */
  firstOrder: 'eligible' | 'used' | 'sign-in';
  /** The customer's points balance and whether they pay with them (checkout only). */
  points?: { balance: number; use: boolean };
  /** The desk's online-payment offer, and whether the shopper chose to pay online (checkout only). */
  prepaid?: { offer: PrepaidOffer | null; chosen: boolean };
}

export type OfferKind = 'code' | 'first_order' | 'coupon' | 'bogo';
export interface Offer {
  kind: OfferKind;
  label: string;
  amount: number;
  code: string | null;
}

export type CodeStatus = 'applied' | 'outbid' | 'invalid' | 'below_minimum' | 'unavailable';

export interface Quote {
  lines: QuoteLine[];
  itemCount: number;
  subtotal: number;
  offer: Offer | null;
  discount: number;
  shipping: number;
  pointsRedeemed: number;
  pointsValue: number;
  /** What paying online took off (0 unless the shopper chose to pay online). */
  prepaidDiscount: number;
  total: number;
  /** The total for each way of paying, shown beside the choice before it is made. */
  totals: { cod: number; online: number };
  /** The online-payment offer in words ('5% off, up to ₹100'), when there is one. */
  prepaidLabel: string | null;
  code: { code: string; status: CodeStatus; message: string | null } | null;
  /** What the shopper should know about the offer and shipping, in display order. */
  notes: string[];
  /** Something stops this cart from being ordered as it is (stock). */
  blocked: boolean;
}

/** What an order or a quote shows as its price breakup (an order row has the same fields). */
export interface PriceBreakup {
  subtotal: number;
  discount: number;
  discountLabel: string | null;
  shipping: number;
  pointsRedeemed: number;
  /** The online-payment offer's part (an order placed before it existed has none). */
  prepaidDiscount?: number;
  total: number;
}

export const breakupOf = (quote: Quote): PriceBreakup => ({
  subtotal: quote.subtotal,
  discount: quote.discount,
  discountLabel: quote.offer?.label ?? null,
  shipping: quote.shipping,
  pointsRedeemed: quote.pointsRedeemed,
  prepaidDiscount: quote.prepaidDiscount,
  total: quote.total,
});

export const cartItemId = (productId: number, months: number) =>
  months > 1 ? `${productId}:${months}m` : String(productId);
export const normaliseCode = (code: string) => code.trim().toLowerCase();

/** For every two units of a buy-1-get-1 line, one is free. */
export const bogoFreeUnits = (quantity: number) => Math.floor(quantity / 2);
export const shippingFor = (amountAfterDiscount: number) =>
  amountAfterDiscount >= FREE_SHIPPING_FROM ? 0 : SHIPPING_FEE;
const percentOf = (amount: number, percent: number) => Math.round((amount * percent) / 100);
export const LOW_STOCK = 5;

function codeOffer(
  subtotal: number,
  context: QuoteContext,
): { offer: Offer | null; status: CodeStatus | null; message: string | null } {
  if (!context.code) return { offer: null, status: null, message: null };
  const shown = context.code.toUpperCase();
  const { storeCode, coupon } = context;
  if (storeCode) {
    if (storeCode.unavailable) return { offer: null, status: 'unavailable', message: storeCode.unavailable };
    if (subtotal < storeCode.minSubtotal) {
      return {
        offer: null,
        status: 'below_minimum',
        message: `${shown} needs an order of ${formatRupees(storeCode.minSubtotal)} or more.`,
      };
    }
    const amount =
      storeCode.kind === 'percent' ? percentOf(subtotal, storeCode.value) : Math.min(storeCode.value, subtotal);
    const label =
      storeCode.kind === 'percent'
        ? `${shown} (${storeCode.value}% off)`
        : `${shown} (${formatRupees(storeCode.value)} off)`;
    return { offer: { kind: 'code', label, amount, code: storeCode.code }, status: 'applied', message: null };
  }
  if (coupon) {
    return {
      offer: {
        kind: 'coupon',
        label: `${coupon.code} (${coupon.percentOff}% off)`,
        amount: percentOf(subtotal, coupon.percentOff),
        code: coupon.code,
      },
      status: 'applied',
      message: null,
    };
  }
  return { offer: null, status: 'invalid', message: INVALID_DISCOUNT_MESSAGE };
}

/** Best single offer wins; an earlier offer wins a tie. */
export function bestOffer(offers: Offer[]): Offer | null {
  return offers.reduce<Offer | null>(
    (best, offer) => (offer.amount > 0 && (!best || offer.amount > best.amount) ? offer : best),
    null,
  );
}

function stockNote(line: QuoteLineInput, packsOfProduct: number): { note: string | null; over: boolean } {
  if (line.stock <= 0) return { note: `${line.name} is out of stock.`, over: true };
  if (packsOfProduct > line.stock)
    return { note: `Only ${line.stock} left of ${line.name}. Please lower the quantity.`, over: true };
  if (line.stock <= LOW_STOCK) return { note: `Only ${line.stock} left`, over: false };
  return { note: null, over: false };
}

export function quoteCart(inputs: QuoteLineInput[], context: QuoteContext): Quote {
  const packsByProduct = new Map<number, number>();
  for (const l of inputs)
    packsByProduct.set(l.productId, (packsByProduct.get(l.productId) ?? 0) + l.months * l.quantity);

  const subtotal = inputs.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const fromCode = codeOffer(subtotal, context);
  const offers: Offer[] = [];
  if (fromCode.offer?.kind === 'code') offers.push(fromCode.offer);
  if (context.firstOrder === 'eligible' && inputs.length) {
    offers.push({
      kind: 'first_order',
      label: `First order (${FIRST_ORDER_PERCENT}% off)`,
      amount: percentOf(subtotal, FIRST_ORDER_PERCENT),
      code: null,
    });
  }
  if (fromCode.offer?.kind === 'coupon') offers.push(fromCode.offer);
  const bogoAmount = inputs.reduce((sum, l) => sum + (l.bogo ? bogoFreeUnits(l.quantity) * l.unitPrice : 0), 0);
  if (bogoAmount > 0) offers.push({ kind: 'bogo', label: 'Buy 1 Get 1 Free', amount: bogoAmount, code: null });
  const offer = bestOffer(offers);
  const bogoApplies = !offer || offer.kind === 'bogo';

  const lines: QuoteLine[] = inputs.map((l) => {
    const stock = stockNote(l, packsByProduct.get(l.productId) ?? 0);
    return {
      ...l,
      id: cartItemId(l.productId, l.months),
      label: monthsLabel(l.months),
      lineTotal: l.unitPrice * l.quantity,
      freeUnits: l.bogo && offer?.kind === 'bogo' ? bogoFreeUnits(l.quantity) : 0,
      hint: l.bogo && bogoApplies && l.quantity % 2 === 1 ? BOGO_HINT : null,
      stockNote: stock.note,
      overStock: stock.over,
    };
  });

  const discount = Math.min(offer?.amount ?? 0, subtotal);
  const afterDiscount = subtotal - discount;
  const shipping = lines.length ? shippingFor(afterDiscount) : 0;
  // Paying online takes the desk's offer off the goods (after the order's offer; shipping is judged
  // before it, so choosing to pay online never adds shipping); points then pay part of what is left.
  const prepaidOffered = lines.length ? prepaidDiscountFor(context.prepaid?.offer ?? null, afterDiscount) : 0;
  const pointsFor = (goods: number) =>
    context.points?.use ? redeemablePoints(context.points.balance, context.points.balance, goods) : 0;
  const totalFor = (prepaid: number) =>
    afterDiscount - prepaid + shipping - pointsFor(afterDiscount - prepaid) / REWARDS.pointsPerRupeeRedeemed;
  const prepaidDiscount = context.prepaid?.chosen ? prepaidOffered : 0;
  const pointsRedeemed = pointsFor(afterDiscount - prepaidDiscount);
  const pointsValue = pointsRedeemed / REWARDS.pointsPerRupeeRedeemed;

  let code: Quote['code'] = null;
  if (context.code && fromCode.status) {
    const outbid = fromCode.status === 'applied' && offer !== null && offer !== fromCode.offer;
    code = {
      code: context.code,
      status: outbid ? 'outbid' : fromCode.status,
      message: outbid
        ? `One offer per order: your ${offer!.label} saves more than ${context.code.toUpperCase()}.`
        : fromCode.message,
    };
  }

  const notes: string[] = [];
  if (lines.length && shipping > 0) {
    notes.push(
      subtotal >= FREE_SHIPPING_FROM && offer
        ? `With ${offer.label} the order comes to ${formatRupees(afterDiscount)}, under ${formatRupees(FREE_SHIPPING_FROM)}, so ${formatRupees(SHIPPING_FEE)} shipping applies.`
        : `Add ${formatRupees(FREE_SHIPPING_FROM - afterDiscount)} more for free shipping.`,
    );
  }
  if (prepaidOffered > 0 && !context.prepaid?.chosen)
    notes.push(`Pay online and save ${formatRupees(prepaidOffered)} (${prepaidOfferLabel(context.prepaid!.offer!)}).`);
  if (lines.length && context.firstOrder === 'sign-in')
    notes.push(`First order? Sign in or create an account for ${FIRST_ORDER_PERCENT}% off.`);

  return {
    lines,
    itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
    subtotal,
    offer: discount > 0 ? offer : null,
    discount,
    shipping,
    pointsRedeemed,
    pointsValue,
    prepaidDiscount,
    total: totalFor(prepaidDiscount),
    totals: { cod: totalFor(0), online: totalFor(prepaidOffered) },
    prepaidLabel: context.prepaid?.offer && prepaidOffered > 0 ? prepaidOfferLabel(context.prepaid.offer) : null,
    code,
    notes,
    blocked: lines.some((l) => l.overStock),
  };
}
