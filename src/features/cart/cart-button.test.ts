// @vitest-environment jsdom
// The header cart button without React: badge and name follow the browser's copy of the cart, a click
// opens the drawer and wakes its island.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enhanceCartButtons } from './cart-button';
import { $cart, $cartOpen, closeCart } from './cart.store';

const line = (productId: number, quantity: number) => ({
  id: String(productId),
  productId,
  name: `Product ${productId}`,
  price: 499,
  image: '/p.png',
  quantity,
});

beforeEach(() => {
  document.body.innerHTML = `<a href="/cart" aria-label="Cart, 0 items" aria-expanded="false" data-cart-button data-enhance>
    <span>Cart</span><span hidden data-cart-count></span></a>`;
  $cart.set([]);
  closeCart();
});
afterEach(() => {
  document.body.innerHTML = '';
});

const button = () => document.querySelector<HTMLAnchorElement>('[data-cart-button]')!;
const badge = () => document.querySelector<HTMLElement>('[data-cart-count]')!;

describe('header cart button', () => {
  it('counts items by quantity in its name and badge, and hides the badge for an empty cart', () => {
    enhanceCartButtons();
    expect(button().getAttribute('aria-label')).toBe('Cart, 0 items');
    expect(badge().hidden).toBe(true);
    $cart.set([line(1, 2), line(3, 1)]);
    expect(button().getAttribute('aria-label')).toBe('Cart, 3 items');
    expect(badge().textContent).toBe('3');
    expect(badge().hidden).toBe(false);
    $cart.set([line(1, 1)]);
    expect(button().getAttribute('aria-label')).toBe('Cart, 1 item');
  });

  it('opens the drawer instead of following the link, and announces it so the drawer island wakes', () => {
    const heard = vi.fn();
    window.addEventListener('cart:open', heard);
    enhanceCartButtons();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button().dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect($cartOpen.get()).toBe(true);
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(button().dataset.enhance).toBe('ready');
    window.removeEventListener('cart:open', heard);
  });
});
