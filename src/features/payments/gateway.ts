// The payment gateway as the store needs it: create an order or a payment link, read back its payments,
// refund, and verify what the gateway signs. One adapter implements it (razorpay.server.ts, over the
// official SDK); the built-in test gateway answers the same API, so the same adapter runs against it.
import type { GatewayName } from '../../db/payments-schema';

export interface GatewayPayment {
  id: string;
  amountPaise: number;
  /** created, authorized, captured, refunded or failed (only captured money is the store's). */
  status: string;
  /** upi, card, netbanking, wallet… */
  method: string | null;
}

export interface GatewayRefund {
  id: string;
  amountPaise: number;
  /** pending, processed or failed. */
  status: string;
  /** Our idempotency key, sent as the refund's receipt, so a retry recognises a refund already made. */
  receipt: string | null;
}

export interface NewPaymentLink {
  amountPaise: number;
  /** Unique per link: the order number and the try. */
  referenceId: string;
  description: string;
  customer: { name: string; email: string; contact: string };
  callbackUrl: string;
  /** When the link stops taking money (the gateway wants it at least 15 minutes ahead). */
  expireBy: Date | null;
}

export interface PaymentGateway {
  name: GatewayName;
  /** The public key the checkout script is opened with. */
  keyId: string;
  /** Not real money: the built-in test gateway (or a gateway's test keys). */
  testMode: boolean;
  /** The gateway's checkout script, opened in place by the checkout island. */
  checkoutScript: string;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<{ id: string }>;
  createPaymentLink(input: NewPaymentLink): Promise<{ id: string; url: string }>;
  paymentsOfOrder(gatewayOrderId: string): Promise<GatewayPayment[]>;
  paymentsOfLink(linkId: string): Promise<GatewayPayment[]>;
  refund(
    paymentId: string,
    input: { amountPaise: number; receipt: string; notes: Record<string, string> },
  ): Promise<GatewayRefund>;
  refundsOfPayment(paymentId: string): Promise<GatewayRefund[]>;
  /** The checkout's return: HMAC of `order_id|payment_id` (the order id we stored, never the one sent back). */
  verifyCheckout(input: { gatewayOrderId: string; paymentId: string; signature: string }): boolean;
  /** A payment link's return: HMAC of `link_id|reference_id|status|payment_id`. */
  verifyLinkReturn(input: {
    linkId: string;
    referenceId: string;
    status: string;
    paymentId: string;
    signature: string;
  }): boolean;
  /** A webhook: HMAC of the raw body with the webhook secret. */
  verifyWebhook(rawBody: string, signature: string): boolean;
}

/** The gateway could not be reached or refused a call; the message is for the log, not the shopper. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}
