// The cart's contract with the browser: the changes a shopper can ask for (from a posted form or the
// island's JSON, same rules) and the whole priced cart the server answers with.
import { z } from 'zod';
import type { CartItem } from '../../lib/cart';
import type { DroppedLine, Quote } from '../pricing/quote';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart-limits';

export { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart-limits';

export const CART_MESSAGES = {
  product: 'That product is not in our catalogue.',
  months: 'Please choose a plan of 1 to 4 months.',
  quantity: `Please choose a quantity from 1 to ${MAX_LINE_QUANTITY}.`,
  intent: 'That is not something the cart can do.',
  tooMany: `You can have at most ${MAX_LINE_QUANTITY} of one item in your cart.`,
  tooManyLines: `Your cart can hold ${MAX_CART_LINES} different items at most.`,
  notInCart: 'That item is no longer in your cart.',
  code: 'Please enter a discount code.',
} as const;

// Form fields arrive as strings, JSON as numbers: both are read as whole numbers in range, nothing else.
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
const productId = wholeNumber(1, 2_147_483_647, CART_MESSAGES.product);
const months = z.preprocess((value) => value ?? 1, wholeNumber(1, 4, CART_MESSAGES.months));
const line = { productId, months };

export const cartChangeSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('add'),
      ...line,
      quantity: z.preprocess((v) => v ?? 1, wholeNumber(1, MAX_LINE_QUANTITY, CART_MESSAGES.quantity)),
    }),
    // Setting a quantity below 1 removes the line (spec §4).
    z.object({
      intent: z.literal('set'),
      ...line,
      quantity: wholeNumber(0, MAX_LINE_QUANTITY, CART_MESSAGES.quantity),
    }),
    z.object({ intent: z.literal('remove'), ...line }),
    z.object({
      intent: z.literal('code'),
      code: z.string({ error: CART_MESSAGES.code }).trim().max(64, 'Invalid discount code'),
    }),
    z.object({ intent: z.literal('remove-code') }),
  ],
  { error: CART_MESSAGES.intent },
);

export type CartChange = z.output<typeof cartChangeSchema>;

/** A posted form or JSON body as a cart change, or the first problem in the shopper's words. */
export function parseCartChange(input: unknown): { ok: true; change: CartChange } | { ok: false; message: string } {
  const parsed = cartChangeSchema.safeParse(input);
  if (parsed.success) return { ok: true, change: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? CART_MESSAGES.intent };
}

/** The whole priced cart: what the drawer, /cart and /checkout show. */
export interface CartView {
  /** Grows with every change: the browser's copy is stale when it holds an older one. */
  revision: number;
  quote: Quote;
  /** The browser copy (localStorage `cart`, spec §3's cart item shape). */
  items: CartItem[];
  /** Lines taken out because the store no longer sells them, with why. */
  dropped: DroppedLine[];
}

/** A change the server refused: the message to show, and the cart as it now is. */
export interface CartRefusal {
  error: string;
  cart: CartView;
}
