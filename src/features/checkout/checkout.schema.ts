// The place-order request, from JSON (the island) or a posted form (no JavaScript). Both end up as
// one shape; the contact details are checked by validateContact, the lines by the cart schema.
import { z } from 'zod';
import { cartLineInput, MAX_CART_LINES, type CartLineInput } from '../cart/cart.schema';

export interface PlaceOrderRequest {
  email: string;
  phone: string;
  address: { name: string; line1: string; line2: string; city: string; state: string; pin: string };
  items: CartLineInput[];
  code: string;
  idempotencyKey: string;
  /** Pay part of the order with the signed-in customer's reward points. */
  usePoints: boolean;
}

/** A checkout form's key: made when the page renders, so every send of that form is the same order. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/);
export const newIdempotencyKey = () => crypto.randomUUID();

const text = z.string().max(500).catch('');
const request = z.object({
  email: text, phone: text, code: text, idempotencyKey: text, usePoints: z.boolean().catch(false),
  address: z.object({ name: text, line1: text, line2: text, city: text, state: text, pin: text }).catch({ name: '', line1: '', line2: '', city: '', state: '', pin: '' }),
  items: z.array(z.unknown()).max(MAX_CART_LINES).catch([]),
});

/** Reads a JSON body defensively: anything missing becomes empty and is reported by validation. */
export function placeOrderRequestFromJson(body: unknown): PlaceOrderRequest {
  const parsed = request.parse(typeof body === 'object' && body !== null ? body : {});
  return { ...parsed, items: parsed.items as CartLineInput[] };
}

/** A cart line in a form field or a URL: 'productId:months:quantity' (months and quantity default to 1). */
export function parseLineToken(token: string): CartLineInput | null {
  const match = /^(\d{1,9})(?::(\d{1,2}))?(?::(\d{1,3}))?$/.exec(token.trim());
  if (!match) return null;
  const line = cartLineInput.safeParse({ productId: Number(match[1]), months: Number(match[2] ?? 1), quantity: Number(match[3] ?? 1) });
  return line.success ? line.data : null;
}

export const lineToken = (line: { productId: number; months?: number; quantity: number }) => `${line.productId}:${line.months ?? 1}:${line.quantity}`;

export const parseLineTokens = (tokens: unknown[]) =>
  tokens.flatMap((t) => (typeof t === 'string' ? parseLineToken(t) ?? [] : [])).slice(0, MAX_CART_LINES);

export function placeOrderRequestFromForm(form: FormData): PlaceOrderRequest {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.slice(0, 500) : '';
  };
  return {
    email: field('email'), phone: field('phone'), code: field('code'), idempotencyKey: field('idempotencyKey'), usePoints: field('usePoints') === 'on',
    address: { name: field('name'), line1: field('line1'), line2: field('line2'), city: field('city'), state: field('state'), pin: field('pin') },
    items: parseLineTokens(form.getAll('line')),
  };
}
