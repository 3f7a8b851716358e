// The shopper's plan and quantity, shared by the plan picker and the sticky bar (islands cannot share React state).
import { atom } from 'nanostores';
import { cartItemId } from '../../lib/cart';
import type { PlanOption } from '../../lib/plans';
import { addToCart } from '../cart/cart.store';
import { showToast } from '../ui/toast';

export interface PurchasableProduct { id: number; slug: string; name: string; image: string }

export const $planIndex = atom(0);
export const $quantity = atom(1);

export const setQuantity = (quantity: number) => $quantity.set(Math.max(1, Math.floor(quantity) || 1));

/** Adds the selected plan × quantity, confirms with a toast and starts the quantity over at 1. */
export function addSelectionToCart(product: PurchasableProduct, options: PlanOption[]) {
  const option = options[$planIndex.get()] ?? options[0];
  if (!option) return;
  addToCart({
    id: cartItemId(product.id, option.months),
    productId: product.id,
    slug: product.slug,
    name: product.name,
    price: option.displayed,
    image: product.image,
    subscriptionDurationMonths: option.months,
    subscriptionLabel: option.label,
  }, $quantity.get());
  showToast({ message: `Added ${product.name} to cart!`, variant: 'success', durationMs: 2000 });
  $quantity.set(1);
}
