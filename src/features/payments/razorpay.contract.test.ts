// The contract test: the adapter against Razorpay's real test mode, when RAZORPAY_TEST_KEY_ID and
// RAZORPAY_TEST_KEY_SECRET are set (never in CI here: only the npm registry is reachable). It makes a
// ₹1 order and a payment link and reads them back; it moves no money.
import { describe, expect, it } from 'vitest';
import { razorpayGateway } from './razorpay.server';

const keyId = process.env.RAZORPAY_TEST_KEY_ID;
const keySecret = process.env.RAZORPAY_TEST_KEY_SECRET;
const haveKeys = Boolean(keyId?.startsWith('rzp_test_') && keySecret);

if (!haveKeys) {
  console.info(
    'Razorpay contract test skipped: set RAZORPAY_TEST_KEY_ID and RAZORPAY_TEST_KEY_SECRET (test mode keys) to run it.',
  );
}

describe.skipIf(!haveKeys)("the adapter against Razorpay's test mode", () => {
  const gateway = () =>
    razorpayGateway({
      name: 'razorpay',
      keys: { keyId: keyId!, keySecret: keySecret!, webhookSecret: 'unused' },
      checkoutScript: 'https://checkout.razorpay.com/v1/checkout.js',
    });

  it('creates an order and reads its (empty) payments', async () => {
    const order = await gateway().createOrder({ amountPaise: 100, receipt: `contract-${Date.now()}`, notes: {} });
    expect(order.id).toMatch(/^order_/);
    expect(await gateway().paymentsOfOrder(order.id)).toEqual([]);
  });

  it('creates a payment link and reads it back', async () => {
    const link = await gateway().createPaymentLink({
      amountPaise: 100,
      referenceId: `contract-${Date.now()}`,
      description: 'Contract test',
      customer: { name: 'Contract Test', email: 'contract@example.com', contact: '+919876543210' },
      callbackUrl: 'https://example.com/order/pay/return',
      expireBy: null,
    });
    expect(link.url).toMatch(/^https:\/\//);
    expect(await gateway().paymentsOfLink(link.id)).toEqual([]);
  });
});
