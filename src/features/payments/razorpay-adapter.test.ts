// The Razorpay adapter (the official SDK underneath) against recorded shapes of Razorpay's API: what it
// sends (paths, amounts in paise, our receipt, HTTP Basic with the key) and what it reads back; and the
// three signatures, checked against payloads signed independently here.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import recorded from '../../../tests/fixtures/razorpay/responses.json';
import { GatewayError } from './gateway';
import { razorpayGateway, type SdkRequest } from './razorpay.server';

const keys = { keyId: 'rzp_test_1DP5mmOlF5G5ag', keySecret: 'key-secret-123456', webhookSecret: 'hook-secret-987654' };
const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

/** A gateway whose HTTP calls are answered from `answers` (by method and path) and recorded. */
function recordedGateway(answers: Record<string, { status?: number; data: unknown }>) {
  const calls: { method: string; path: string; body: unknown; query: unknown; auth: unknown }[] = [];
  const gateway = razorpayGateway({
    name: 'razorpay',
    keys,
    checkoutScript: 'https://checkout.razorpay.com/v1/checkout.js',
    transport: async (request: SdkRequest) => {
      const path = new URL(request.url ?? '', 'https://api.razorpay.com').pathname;
      const method = (request.method ?? 'get').toUpperCase();
      calls.push({
        method,
        path,
        body: typeof request.data === 'string' ? JSON.parse(request.data) : request.data,
        query: request.params,
        auth: request.auth,
      });
      const answer = answers[`${method} ${path}`];
      return answer ? { status: answer.status ?? 200, data: answer.data } : { status: 404, data: recorded.badRequest };
    },
  });
  return { gateway, calls };
}

describe('the Razorpay adapter', () => {
  it('creates an order in paise with our receipt, authenticated with the key', async () => {
    const { gateway, calls } = recordedGateway({ 'POST /v1/orders': { data: recorded.order } });
    expect(
      await gateway.createOrder({ amountPaise: 64900, receipt: 'VA-7N35EFYP', notes: { order_number: 'VA-7N35EFYP' } }),
    ).toEqual({
      id: 'order_IluGWxBm9U8zJ8',
    });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/v1/orders',
        body: { amount: 64900, currency: 'INR', receipt: 'VA-7N35EFYP', notes: { order_number: 'VA-7N35EFYP' } },
        query: undefined,
        auth: { username: keys.keyId, password: keys.keySecret },
      },
    ]);
  });

  it('makes a payment link that calls back to the store by GET, without the gateway notifying anyone', async () => {
    const { gateway, calls } = recordedGateway({ 'POST /v1/payment_links': { data: recorded.paymentLink } });
    const expireBy = new Date(1642663892 * 1000);
    const link = await gateway.createPaymentLink({
      amountPaise: 64900,
      referenceId: 'VA-7N35EFYP-1',
      description: 'Vedara order VA-7N35EFYP',
      customer: { name: 'Asha Rao', email: 'asha@example.in', contact: '+919876543210' },
      callbackUrl: 'https://vedara.in/order/pay/return',
      expireBy,
    });
    expect(link).toEqual({ id: 'plink_ExjpAUN3gVHrPJ', url: 'https://rzp.io/i/nxrHnLJ' });
    expect(calls[0].body).toMatchObject({
      amount: 64900,
      currency: 'INR',
      reference_id: 'VA-7N35EFYP-1',
      callback_url: 'https://vedara.in/order/pay/return',
      callback_method: 'get',
      notify: { sms: false, email: false },
      expire_by: 1642663892,
    });
  });

  it("reads an order's and a link's payments", async () => {
    const { gateway } = recordedGateway({
      'GET /v1/orders/order_IluGWxBm9U8zJ8/payments': { data: recorded.orderPayments },
      'GET /v1/payment_links/plink_ExjpAUN3gVHrPJ': { data: recorded.paidLink },
    });
    expect(await gateway.paymentsOfOrder('order_IluGWxBm9U8zJ8')).toEqual([
      { id: 'pay_DaaSOvhgcOfzgR', amountPaise: 64900, status: 'captured', method: 'upi' },
    ]);
    expect(await gateway.paymentsOfLink('plink_ExjpAUN3gVHrPJ')).toEqual([
      { id: 'pay_ExjpAUV9Yq2Ohr', amountPaise: 64900, status: 'captured', method: 'upi' },
    ]);
  });

  it('refunds with our key as the receipt, and finds that refund again by it', async () => {
    const { gateway, calls } = recordedGateway({
      'POST /v1/payments/pay_DaaSOvhgcOfzgR/refund': { data: recorded.refund },
      'GET /v1/payments/pay_DaaSOvhgcOfzgR/refunds': { data: recorded.refunds },
    });
    expect(
      await gateway.refund('pay_DaaSOvhgcOfzgR', {
        amountPaise: 30000,
        receipt: 'return:17',
        notes: { reason: 'return' },
      }),
    ).toEqual({ id: 'rfnd_FP8QHiV938haTz', amountPaise: 30000, status: 'processed', receipt: 'return:17' });
    expect(calls[0].body).toEqual({
      amount: 30000,
      speed: 'normal',
      receipt: 'return:17',
      notes: { reason: 'return' },
    });
    expect((await gateway.refundsOfPayment('pay_DaaSOvhgcOfzgR')).map((r) => r.receipt)).toEqual(['return:17']);
  });

  it("turns the gateway's refusal into a GatewayError with its status and description", async () => {
    const { gateway } = recordedGateway({
      'POST /v1/payments/pay_DaaSOvhgcOfzgR/refund': { status: 400, data: recorded.badRequest },
    });
    const refused = gateway.refund('pay_DaaSOvhgcOfzgR', { amountPaise: 99999, receipt: 'return:18', notes: {} });
    await expect(refused).rejects.toBeInstanceOf(GatewayError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('greater than the refund payment amount'),
    });
  });

  it('verifies the checkout, payment-link and webhook signatures, and nothing else', () => {
    const { gateway } = recordedGateway({});
    const checkout = hmac(keys.keySecret, 'order_IluGWxBm9U8zJ8|pay_DaaSOvhgcOfzgR');
    expect(
      gateway.verifyCheckout({
        gatewayOrderId: 'order_IluGWxBm9U8zJ8',
        paymentId: 'pay_DaaSOvhgcOfzgR',
        signature: checkout,
      }),
    ).toBe(true);
    expect(
      gateway.verifyCheckout({ gatewayOrderId: 'order_OTHER', paymentId: 'pay_DaaSOvhgcOfzgR', signature: checkout }),
    ).toBe(false);
    expect(
      gateway.verifyCheckout({
        gatewayOrderId: 'order_IluGWxBm9U8zJ8',
        paymentId: 'pay_DaaSOvhgcOfzgR',
        signature: '',
      }),
    ).toBe(false);

    const link = hmac(keys.keySecret, 'plink_ExjpAUN3gVHrPJ|VA-7N35EFYP-1|paid|pay_ExjpAUV9Yq2Ohr');
    const linkReturn = {
      linkId: 'plink_ExjpAUN3gVHrPJ',
      referenceId: 'VA-7N35EFYP-1',
      status: 'paid',
      paymentId: 'pay_ExjpAUV9Yq2Ohr',
    };
    expect(gateway.verifyLinkReturn({ ...linkReturn, signature: link })).toBe(true);
    expect(gateway.verifyLinkReturn({ ...linkReturn, status: 'partially_paid', signature: link })).toBe(false);

    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: recorded.orderPayments.items[0] } },
    });
    expect(gateway.verifyWebhook(body, hmac(keys.webhookSecret, body))).toBe(true);
    // Signed with the key secret instead of the webhook's own: refused.
    expect(gateway.verifyWebhook(body, hmac(keys.keySecret, body))).toBe(false);
    expect(gateway.verifyWebhook(`${body} `, hmac(keys.webhookSecret, body))).toBe(false);
  });

  it('says test mode for test keys and live for live keys', () => {
    expect(recordedGateway({}).gateway.testMode).toBe(true);
    const live = razorpayGateway({
      name: 'razorpay',
      keys: { ...keys, keyId: 'rzp_live_ABCDEFGHIJ' },
      checkoutScript: '',
    });
    expect(live.testMode).toBe(false);
  });
});
