// The place-order request, from JSON (the island) or a posted form (no JavaScript). Both end up as
// one shape; the contact details are checked by validateContact. The lines are not in the request:
// the order is placed from the shopper's server cart.
import { z } from 'zod';
import { isPaymentMethod, type PaymentMethod } from '../../lib/payments';

export interface PlaceOrderRequest {
  email: string;
  phone: string;
  address: { name: string; line1: string; line2: string; city: string; state: string; pin: string };
  idempotencyKey: string;
  /** Pay part of the order with the signed-in customer's reward points. */
  usePoints: boolean;
  /** The total the shopper saw when placing the order; a higher one is never charged. */
  expectedTotal: number | null;
  /** Cash on delivery (when absent), or online through the payment gateway (the order then awaits its payment). */
  paymentMethod?: PaymentMethod;
  /** A business purchase: the buyer's GSTIN, printed on the tax invoice (checked by placeOrder). */
  gstin?: string;
  /** The shopper ticked "Send me order updates on WhatsApp" (unticked by default). */
  whatsappUpdates?: boolean;
  /** The shopper ticked "Send me a reminder before my pack runs out, and if I leave items in my cart". */
  reminders?: boolean;
}

/** A checkout form's key: made when the page renders, so every send of that form is the same order. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/);
export const newIdempotencyKey = () => crypto.randomUUID();

const text = z.string().max(500).catch('');
const total = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value),
  z.number().int().min(0).max(999_999_999).nullable().catch(null),
);
const request = z.object({
  email: text,
  phone: text,
  idempotencyKey: text,
  usePoints: z.boolean().catch(false),
  whatsappUpdates: z.boolean().catch(false),
  reminders: z.boolean().catch(false),
  expectedTotal: total,
  paymentMethod: z.enum(['cod', 'online']).catch('cod'),
  gstin: z.string().max(500).optional().catch(undefined),
  address: z
    .object({ name: text, line1: text, line2: text, city: text, state: text, pin: text })
    .catch({ name: '', line1: '', line2: '', city: '', state: '', pin: '' }),
});

/** Reads a JSON body defensively: anything missing becomes empty and is reported by validation. */
export function placeOrderRequestFromJson(body: unknown): PlaceOrderRequest {
  return request.parse(typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {});
}

export function placeOrderRequestFromForm(form: Record<string, string>): PlaceOrderRequest {
  const field = (name: string) => (form[name] ?? '').slice(0, 500);
  return {
    email: field('email'),
    phone: field('phone'),
    idempotencyKey: field('idempotencyKey'),
    usePoints: field('usePoints') === 'on',
    whatsappUpdates: field('whatsappUpdates') === 'on',
    reminders: field('reminders') === 'on',
    expectedTotal: total.parse(field('expectedTotal') || null),
    paymentMethod: isPaymentMethod(field('paymentMethod')) ? (field('paymentMethod') as PaymentMethod) : 'cod',
    gstin: field('gstin') || undefined,
    address: {
      name: field('name'),
      line1: field('line1'),
      line2: field('line2'),
      city: field('city'),
      state: field('state'),
      pin: field('pin'),
    },
  };
}
