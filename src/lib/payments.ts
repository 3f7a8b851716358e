// Paying online: the rules the checkout, the order page and the payments feature share. Pure.

export type PaymentMethod = 'cod' | 'online';
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['online', 'cod'];
export const isPaymentMethod = (value: unknown): value is PaymentMethod => value === 'cod' || value === 'online';

/** How long an order paid online holds its stock while the shopper pays. */
export const PAYMENT_WINDOW_MINUTES = 30;

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  online: 'Pay online: UPI, card, netbanking or wallet',
  cod: 'Cash on delivery',
};

/** The gateway's word for how a payment was made, as the desk and the order page show it. */
export function paymentMethodName(method: string | null | undefined): string {
  switch (method) {
    case 'upi':
      return 'UPI';
    case 'card':
      return 'Card';
    case 'netbanking':
      return 'Netbanking';
    case 'wallet':
      return 'Wallet';
    default:
      return 'Online';
  }
}

export const PAYMENT_MESSAGES = {
  notVerified: 'We could not verify this payment. Nothing has changed on your order.',
  notAwaiting: 'This order is not waiting for a payment.',
  notSwitchable:
    'This order can no longer be paid online instead: only a cash-on-delivery order not yet confirmed can.',
  expired: `This order was not paid within ${PAYMENT_WINDOW_MINUTES} minutes and has been released. Nothing is owed.`,
  unavailable: 'Paying online is not available right now. Please choose cash on delivery or try again shortly.',
  failed: 'Your payment did not go through. No money was taken; you can try again.',
  paid: 'Thank you: your payment was received and your order is confirmed.',
  processing: 'We are checking your payment with the bank. This page updates once it is confirmed.',
} as const;

export const toPaise = (rupees: number) => rupees * 100;

export type PrepaidOfferKind = 'none' | 'percent' | 'flat';

/** The desk's online-payment offer: % off the goods (after the order's offer) up to a cap, or flat rupees. */
export interface PrepaidOffer {
  kind: PrepaidOfferKind;
  value: number;
  cap: number | null;
}

/** What paying online takes off goods worth `goods` rupees (never more than the goods). */
export function prepaidDiscountFor(offer: PrepaidOffer | null, goods: number): number {
  if (!offer || offer.kind === 'none' || goods <= 0) return 0;
  const off = offer.kind === 'percent' ? Math.round((goods * offer.value) / 100) : offer.value;
  return Math.max(0, Math.min(off, offer.cap ?? off, goods));
}

/** The offer in words: "5% off, up to ₹100" or "₹50 off". */
export function prepaidOfferLabel(offer: PrepaidOffer): string {
  const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;
  return offer.kind === 'percent'
    ? `${offer.value}% off${offer.cap ? `, up to ${rupees(offer.cap)}` : ''}`
    : `${rupees(offer.value)} off`;
}
