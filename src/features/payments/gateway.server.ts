// Which gateway this store takes money through (PAYMENT_GATEWAY, src/server/config/env.server.ts): Razorpay with
// the configured keys, the built-in test gateway (the same adapter, answered in-process), or none.
import { env } from '../../server/config/env.server';
import type { PaymentGateway } from './gateway';
import { razorpayGateway } from './razorpay.server';
import { testGatewayKeys, testGatewayTransport } from './test-gateway/api.server';

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
export const TEST_CHECKOUT_SCRIPT = '/test-gateway/checkout.js';

let configured: PaymentGateway | null | undefined;

/** The store's gateway, or null when online payment is off (cash on delivery only). */
export function paymentGateway(): PaymentGateway | null {
  if (configured !== undefined) return configured;
  const config = env();
  if (config.PAYMENT_GATEWAY === 'razorpay') {
    configured = razorpayGateway({
      name: 'razorpay',
      keys: {
        keyId: config.RAZORPAY_KEY_ID!,
        keySecret: config.RAZORPAY_KEY_SECRET!,
        webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!,
      },
      checkoutScript: RAZORPAY_CHECKOUT_SCRIPT,
    });
  } else if (config.PAYMENT_GATEWAY === 'test') {
    configured = razorpayGateway({
      name: 'test',
      keys: testGatewayKeys(),
      checkoutScript: TEST_CHECKOUT_SCRIPT,
      transport: testGatewayTransport,
    });
  } else {
    configured = null;
  }
  return configured;
}

/** The gateway a payment row was made through: today's, when it is the same one. */
export function gatewayNamed(name: string): PaymentGateway | null {
  const gateway = paymentGateway();
  return gateway?.name === name ? gateway : null;
}

/** For tests that change PAYMENT_GATEWAY. */
export function resetPaymentGateway() {
  configured = undefined;
}
