// The cart-pricing contract shared by the API route, the server module and the drawer.
import { z } from 'zod';

export const MAX_CART_LINES = 100;
export const MAX_LINE_QUANTITY = 999;

export const cartLineInput = z.object({
  productId: z.number({ error: 'productId must be a number' }).int().positive(),
  months: z.number().int().min(1, 'months must be between 1 and 4').max(4, 'months must be between 1 and 4').default(1),
  quantity: z.number({ error: 'quantity must be a number' }).int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1').max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
});

export const priceCartRequest = z.object({
  items: z.array(cartLineInput, { error: 'items must be a list of cart lines' }).max(MAX_CART_LINES, `a cart holds at most ${MAX_CART_LINES} lines`),
  code: z.string().max(64).optional(),
});

export type CartLineInput = z.input<typeof cartLineInput>;
export type PriceCartRequest = z.input<typeof priceCartRequest>;

export interface PricedLine {
  id: string;            // the cart item id this line prices
  productId: number;
  months: number;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  name: string;
}

export interface AppliedDiscount { code: string; percent: number; amount: number }

export interface PricedCart {
  lines: PricedLine[];
  subtotal: number;
  discount: AppliedDiscount | null;
  total: number;
  /** Set when a code was given but is not valid. */
  message?: string;
  /** Lines the server could not price (unknown product or plan); the cart drops them. */
  dropped: { productId: number; months: number; note: string }[];
}

/** Validates a pricing request; a failure names each problem, e.g. "items.0.quantity: quantity must be at least 1". */
export function parsePriceRequest(body: unknown):
  | { ok: true; data: z.output<typeof priceCartRequest> }
  | { ok: false; message: string } {
  const parsed = priceCartRequest.safeParse(body);
  if (parsed.success) return { ok: true, data: parsed.data };
  const message = parsed.error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
  return { ok: false, message: `Invalid cart: ${message}` };
}
