// Test helper: a server cart holding these lines (and code), made through the cart's own rules.
import { changeCart, findCart, type CartRef } from '../../src/features/cart/cart.server';
import type { Shopper } from '../../src/features/pricing/pricing.server';

export interface TestLine {
  productId: number;
  months?: number;
  quantity: number;
}

export async function cartWith(lines: TestLine[], shopper: Shopper | null = null, code?: string): Promise<CartRef> {
  let cart = (await findCart(shopper, null, true))!;
  for (const line of lines) {
    cart = (
      await changeCart(
        cart,
        { intent: 'add', productId: line.productId, months: line.months ?? 1, quantity: line.quantity },
        shopper,
      )
    ).cart;
  }
  if (code) cart = (await changeCart(cart, { intent: 'code', code }, shopper)).cart;
  return cart;
}
