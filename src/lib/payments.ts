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
  expired: `This order was not paid within ${PAYMENT_WINDOW_MINUTES} minutes and has been released. Nothing is owed.`,
  unavailable: 'Paying online is not available right now. Please choose cash on delivery or try again shortly.',
  failed: 'Your payment did not go through. No money was taken; you can try again.',
  paid: 'Thank you: your payment was received and your order is confirmed.',
  processing: 'We are checking your payment with the bank. This page updates once it is confirmed.',
} as const;

export const toPaise = (rupees: number) => rupees * 100;
