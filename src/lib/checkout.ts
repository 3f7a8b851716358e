// Checkout rules, pure so the server, the checkout island and the tests share them.
//
// Offers (spec §1, §9): save10 (10 % off), 30 % off a signed-in customer's first order, a customer's
// own 20 % referral coupon, and buy 1 get 1 free on products marked for it. THE RULE: only one offer
// applies to an order — the one that saves the shopper the most (on a tie the earlier of save10, first
// order, coupon, buy 1 get 1). Shipping is then ₹50 below ₹499 and free from ₹499, judged on the
// amount after the discount. Reward points then pay part of the goods (50 points = ₹1, whole rupees;
// never the shipping). Prices include tax; every amount is whole rupees.
import { z } from 'zod';
import { applyDiscountCode } from './discount';
import { redeemablePoints, REWARDS } from './rewards';
import { INDIAN_STATES_AND_UTS, isValidPinCode, normaliseIndianMobile } from './india';

export const SHIPPING_FEE = 50;
export const FREE_SHIPPING_FROM = 499;
export const FIRST_ORDER_PERCENT = 30;

export interface CheckoutLine {
  productId: number;
  months: number;
  quantity: number;
  name: string;
  /** Server price of one line unit (the plan's displayed price). */
  unitPrice: number;
  /** The product is marked buy 1 get 1 free. */
  bogo: boolean;
}

export type OfferKind = 'save10' | 'first_order' | 'coupon' | 'bogo';

export interface Offer { kind: OfferKind; label: string; amount: number; code: string | null }

export interface PriceBreakup {
  subtotal: number;
  discount: number;
  discountLabel: string | null;
  /** The code stored with the order when the winning offer came from one. */
  discountCode: string | null;
  shipping: number;
  /** Reward points paying part of the order, and what they are worth in rupees. */
  pointsRedeemed: number;
  pointsValue: number;
  total: number;
}

export interface QuoteOptions {
  code?: string | null;
  firstOrderEligible: boolean;
  /** The signed-in customer's unused coupon matching `code`, looked up by the server. */
  coupon?: { code: string; percentOff: number } | null;
  /** The customer's points balance and how many they want to use. */
  points?: { balance: number; requested: number };
}

export interface CheckoutQuote {
  lines: (CheckoutLine & { unitPrice: number; lineTotal: number })[];
  breakup: PriceBreakup;
  /** Set when a code was typed that is not valid ('Invalid discount code'). */
  codeMessage: string | null;
  /** Set when a valid code lost to a better offer, so the shopper knows why it is not shown. */
  offerNote: string | null;
}

const rupees = (amount: number) => Math.round(amount);

/** For every two units of a buy-1-get-1 line, one is free. */
export const bogoFreeUnits = (quantity: number) => Math.floor(quantity / 2);

export const shippingFor = (amountAfterDiscount: number) => (amountAfterDiscount >= FREE_SHIPPING_FROM ? 0 : SHIPPING_FEE);

/** Every offer the order qualifies for, in tie-break order. */
export function availableOffers(lines: CheckoutLine[], subtotal: number, options: QuoteOptions): { offers: Offer[]; codeMessage: string | null } {
  const offers: Offer[] = [];
  let codeMessage: string | null = null;
  if (options.code?.trim()) {
    const result = applyDiscountCode(options.code, subtotal);
    if (result.ok) offers.push({ kind: 'save10', label: `${result.code.toUpperCase()} (${result.percent}% off)`, amount: result.amount, code: result.code });
    else if (!options.coupon) codeMessage = result.message;
  }
  if (options.firstOrderEligible) {
    offers.push({ kind: 'first_order', label: `First order (${FIRST_ORDER_PERCENT}% off)`, amount: rupees((subtotal * FIRST_ORDER_PERCENT) / 100), code: null });
  }
  if (options.coupon) {
    const { code, percentOff } = options.coupon;
    offers.push({ kind: 'coupon', label: `${code} (${percentOff}% off)`, amount: rupees((subtotal * percentOff) / 100), code });
  }
  const bogoAmount = lines.reduce((sum, l) => sum + (l.bogo ? bogoFreeUnits(l.quantity) * rupees(l.unitPrice) : 0), 0);
  if (bogoAmount > 0) offers.push({ kind: 'bogo', label: 'Buy 1 Get 1 Free', amount: bogoAmount, code: null });
  return { offers, codeMessage };
}

/** Best single offer wins; an earlier offer wins a tie. */
export function bestOffer(offers: Offer[]): Offer | null {
  return offers.reduce<Offer | null>((best, offer) => (offer.amount > 0 && (!best || offer.amount > best.amount) ? offer : best), null);
}

/** Prices an order from server unit prices: lines, the one offer that applies, shipping and the total. */
export function quoteCheckout(lines: CheckoutLine[], options: QuoteOptions): CheckoutQuote {
  const priced = lines.map((l) => ({ ...l, unitPrice: rupees(l.unitPrice), lineTotal: rupees(l.unitPrice) * l.quantity }));
  const subtotal = priced.reduce((sum, l) => sum + l.lineTotal, 0);
  const { offers, codeMessage } = availableOffers(priced, subtotal, options);
  const winner = bestOffer(offers);
  const discount = Math.min(winner?.amount ?? 0, subtotal);
  const shipping = priced.length ? shippingFor(subtotal - discount) : 0;
  const pointsRedeemed = options.points ? redeemablePoints(options.points.balance, options.points.requested, subtotal - discount) : 0;
  const pointsValue = pointsRedeemed / REWARDS.pointsPerRupeeRedeemed;
  const codeOffer = offers.find((o) => o.kind === 'save10' || o.kind === 'coupon');
  return {
    lines: priced,
    breakup: {
      subtotal, discount, discountLabel: winner?.label ?? null, discountCode: winner?.code ?? null,
      shipping, pointsRedeemed, pointsValue, total: subtotal - discount + shipping - pointsValue,
    },
    codeMessage,
    offerNote: codeOffer && winner && codeOffer !== winner
      ? `One offer per order: your ${winner.label} saves more than ${codeOffer.code!.toUpperCase()}.`
      : null,
  };
}

// ---- The checkout form -------------------------------------------------------------------------

export const CHECKOUT_MESSAGES = {
  email: 'Please enter a valid email address.',
  phone: 'Please enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9).',
  name: 'Please enter the name of the person receiving the order.',
  line1: 'Please enter the house, street or area.',
  city: 'Please enter the city or town.',
  state: 'Please choose a state or union territory.',
  pin: 'Please enter a 6-digit PIN code.',
  emptyCart: 'Your cart is empty.',
  failed: 'We could not place your order. Please try again.',
} as const;

const requiredText = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);

export const shippingAddressSchema = z.object({
  name: requiredText(120, CHECKOUT_MESSAGES.name),
  line1: requiredText(200, CHECKOUT_MESSAGES.line1),
  line2: z.string().trim().max(200).optional().default(''),
  city: requiredText(100, CHECKOUT_MESSAGES.city),
  state: z.enum(INDIAN_STATES_AND_UTS, { error: CHECKOUT_MESSAGES.state }),
  pin: z.string({ error: CHECKOUT_MESSAGES.pin }).trim().refine(isValidPinCode, CHECKOUT_MESSAGES.pin),
});

export const checkoutContactSchema = z.object({
  email: z.string({ error: CHECKOUT_MESSAGES.email }).trim().toLowerCase().max(254, CHECKOUT_MESSAGES.email).pipe(z.email(CHECKOUT_MESSAGES.email)),
  phone: z.string({ error: CHECKOUT_MESSAGES.phone }).transform((raw, ctx) => {
    const mobile = normaliseIndianMobile(raw);
    if (!mobile) ctx.addIssue({ code: 'custom', message: CHECKOUT_MESSAGES.phone });
    return mobile ?? '';
  }),
  address: shippingAddressSchema,
});

export type ShippingAddress = z.output<typeof shippingAddressSchema>;
export type CheckoutContact = z.output<typeof checkoutContactSchema>;

/** One line for labels and mails: 'Asha Rao, 12 Ganga Road, Haridwar, Uttarakhand 249401'. */
export const formatAddress = (a: Record<keyof ShippingAddress, string>) => [a.name, a.line1, a.line2, `${a.city}, ${a.state} ${a.pin}`].filter(Boolean).join(', ');
/** Field name (email, phone, name, line1, …) → its message. */
export type CheckoutErrors = Partial<Record<'email' | 'phone' | keyof ShippingAddress | 'code' | 'cart' | 'form', string>>;

export function validateContact(raw: unknown): { ok: true; data: CheckoutContact } | { ok: false; errors: CheckoutErrors } {
  const parsed = checkoutContactSchema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: CheckoutErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[issue.path.length - 1] ?? 'form') as keyof CheckoutErrors;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
