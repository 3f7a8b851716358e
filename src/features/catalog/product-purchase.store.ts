// The shopper's plan and quantity, shared by the plan picker and the sticky bar (islands cannot share
// React state), and the add-to-cart that both use once the page's JavaScript is there.
import { atom } from 'nanostores';
import { MAX_LINE_QUANTITY } from '../cart/cart-limits';
import { $cartBusy, CART_FAILED_MESSAGE, sendCartChange } from '../cart/cart.store';
import type { PlanOption } from '../pricing/product-prices';
import { showToast } from '../ui/toast';

export interface PurchasableProduct {
  id: number;
  slug: string;
  name: string;
  image: string;
}

export { ADD_TO_CART_FORM_ID } from './product-page';

export const $planIndex = atom(0);
export const $quantity = atom(1);

export const setQuantity = (quantity: number) =>
  $quantity.set(Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity) || 1)));

/** Adds the selected plan × quantity on the server, confirms with a toast and starts the quantity over at 1. */
export async function addSelectionToCart(product: PurchasableProduct, options: PlanOption[]) {
  const option = options[$planIndex.get()] ?? options[0];
  if (!option || $cartBusy.get()) return;
  try {
    const { error } = await sendCartChange({
      intent: 'add',
      productId: product.id,
      months: option.months,
      quantity: $quantity.get(),
    });
    if (error) {
      showToast({ message: error, variant: 'error', durationMs: 4000 });
      return;
    }
    showToast({ message: `Added ${product.name} to cart!`, variant: 'success', durationMs: 2000 });
    $quantity.set(1);
  } catch {
    showToast({ message: CART_FAILED_MESSAGE, variant: 'error', durationMs: 4000 });
  }
}
