// Discount code rule (spec §5): trimmed, case-insensitive 'save10' = 10 % off the cart total.
export const DISCOUNT_CODES: Record<string, number> = { save10: 10 };
export const INVALID_DISCOUNT_MESSAGE = 'Invalid discount code';

export type DiscountResult =
  | { ok: true; code: string; percent: number; amount: number; total: number }
  | { ok: false; message: string; amount: 0; total: number };

export function applyDiscountCode(rawCode: string, cartTotal: number): DiscountResult {
  const code = rawCode.trim().toLowerCase();
  const percent = DISCOUNT_CODES[code];
  if (!percent) return { ok: false, message: INVALID_DISCOUNT_MESSAGE, amount: 0, total: cartTotal };
  const amount = Math.round((cartTotal * percent) / 100);
  return { ok: true, code, percent, amount, total: cartTotal - amount };
}
