// The one gateway adapter, over the official Razorpay SDK (npm `razorpay`). Given real keys it talks to
// Razorpay; given the built-in test gateway's transport it talks to the store's own stand-in, which
// answers the same API (test-gateway/api.server.ts). Signatures are checked here, in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import type { GatewayName } from '../../db/payments-schema';
import { GatewayError, type GatewayPayment, type GatewayRefund, type PaymentGateway } from './gateway';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** What the SDK's HTTP client (axios) hands a transport, and what it wants back. */
export interface SdkRequest {
  method?: string;
  url?: string;
  baseURL?: string;
  data?: unknown;
  params?: Record<string, unknown>;
  auth?: { username: string; password: string };
}
export type SdkTransport = (request: SdkRequest) => Promise<{ data: unknown; status: number }>;

interface AdapterOptions {
  name: GatewayName;
  keys: RazorpayKeys;
  checkoutScript: string;
  /** Answers the SDK's HTTP calls in-process instead of over the network (the built-in test gateway). */
  transport?: SdkTransport;
  /** Gives up on a call after this long. */
  timeoutMs?: number;
}

const hmacHex = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

/** Constant-time comparison of a hex signature with the one we compute. */
export function signatureMatches(secret: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(hmacHex(secret, payload));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const signPayload = hmacHex;

type RawPayment = { id: string; amount: number; status: string; method?: string | null };
type RawRefund = { id: string; amount: number; status: string; receipt?: string | null };

const payment = (p: RawPayment): GatewayPayment => ({
  id: p.id,
  amountPaise: Number(p.amount),
  status: p.status,
  method: p.method ?? null,
});
const refund = (r: RawRefund): GatewayRefund => ({
  id: r.id,
  amountPaise: Number(r.amount),
  status: r.status,
  receipt: r.receipt ?? null,
});

/** Runs one SDK call; its rejections (`{statusCode, error}`, or a network error) become GatewayError. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const e = error as { statusCode?: number; error?: { description?: string }; message?: string };
    throw new GatewayError(
      `Gateway ${what} failed: ${e?.error?.description ?? e?.message ?? String(error)}`,
      e?.statusCode ?? null,
    );
  }
}

/**
 * An axios adapter over a transport: axios expects the adapter to settle the response itself, and the
 * SDK reads a refusal as `error.response.{status, data.error}`.
 */
function adapterFor(transport: SdkTransport) {
  return async (config: SdkRequest & { headers?: unknown }) => {
    const response = await transport(config);
    const full = { ...response, statusText: String(response.status), headers: {}, config, request: {} };
    if (response.status >= 200 && response.status < 300) return full;
    throw Object.assign(new Error(`Request failed with status ${response.status}`), { response: full, config });
  };
}

export function razorpayGateway({
  name,
  keys,
  checkoutScript,
  transport,
  timeoutMs = 15_000,
}: AdapterOptions): PaymentGateway {
  const sdk = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
  // The SDK keeps its axios instance as `api.rq`: a transport of our own and a time limit go there.
  const rq = (sdk as unknown as { api: { rq: { defaults: { adapter?: unknown; timeout?: number } } } }).api.rq;
  rq.defaults.timeout = timeoutMs;
  if (transport) rq.defaults.adapter = adapterFor(transport);

  return {
    name,
    keyId: keys.keyId,
    testMode: name === 'test' || keys.keyId.startsWith('rzp_test_'),
    checkoutScript,
    createOrder: ({ amountPaise, receipt, notes }) =>
      call('order', async () => {
        const order = await sdk.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes });
        return { id: order.id };
      }),
    createPaymentLink: (input) =>
      call('payment link', async () => {
        const link = await sdk.paymentLink.create({
          amount: input.amountPaise,
          currency: 'INR',
          reference_id: input.referenceId,
          description: input.description,
          customer: input.customer,
          notify: { sms: false, email: false },
          reminder_enable: false,
          callback_url: input.callbackUrl,
          callback_method: 'get',
          ...(input.expireBy && { expire_by: Math.floor(input.expireBy.getTime() / 1000) }),
        });
        return { id: link.id, url: link.short_url };
      }),
    paymentsOfOrder: (gatewayOrderId) =>
      call('order payments', async () => {
        const list = (await sdk.orders.fetchPayments(gatewayOrderId)) as unknown as { items: RawPayment[] };
        return list.items.map(payment);
      }),
    paymentsOfLink: (linkId) =>
      call('payment link', async () => {
        const link = (await sdk.paymentLink.fetch(linkId)) as unknown as {
          payments?: { payment_id: string; amount: number; status: string; method?: string }[] | null;
        };
        return (link.payments ?? []).map((p) => payment({ ...p, id: p.payment_id }));
      }),
    refund: (paymentId, { amountPaise, receipt, notes }) =>
      call('refund', async () =>
        refund(
          (await sdk.payments.refund(paymentId, {
            amount: amountPaise,
            speed: 'normal',
            receipt,
            notes,
          })) as unknown as RawRefund,
        ),
      ),
    refundsOfPayment: (paymentId) =>
      call('refunds', async () => {
        const list = (await sdk.payments.fetchMultipleRefund(paymentId, { count: 100 })) as unknown as {
          items: RawRefund[];
        };
        return list.items.map(refund);
      }),
    verifyCheckout: ({ gatewayOrderId, paymentId, signature }) =>
      signatureMatches(keys.keySecret, `${gatewayOrderId}|${paymentId}`, signature),
    verifyLinkReturn: ({ linkId, referenceId, status, paymentId, signature }) =>
      signatureMatches(keys.keySecret, `${linkId}|${referenceId}|${status}|${paymentId}`, signature),
    verifyWebhook: (rawBody, signature) => signatureMatches(keys.webhookSecret, rawBody, signature),
  };
}
