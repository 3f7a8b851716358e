// The browser side of the cart. The server holds the cart; `$cart` (localStorage `cart`, the spec's
// contract) mirrors its last answer so the badge shows at once on every page, and is never sent back.
// A `cart_rev` cookie set by the server tells a page that its copy is stale (a change in another tab,
// a form posted before the page's JavaScript loaded, an order placed), and the copy is then refreshed.
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { cartTotals, parseStoredCart, type CartItem } from '../../lib/cart';
import { announce } from '../layout/hydration/announce';
import type { CartChange, CartView } from './cart.schema';

export const $cart = persistentAtom<CartItem[]>('cart', [], { encode: JSON.stringify, decode: parseStoredCart });
/** The server revision `$cart` mirrors (the `cart_rev` cookie's value when it was stored). */
const $cartRevision = persistentAtom<string>('cart-rev', '');
/**
 * When this device last sent a change whose answer its page has not had: the shopper who taps Add and at
 * once follows a link leaves it landing (keepalive) after the next page has read the cart.
 */
const $changeSentAt = persistentAtom<string>('cart-change-sent', '');
/** How long a next page watches for such a change to land. */
const CHANGE_LANDING_MS = 10_000;
/** The whole priced cart as last answered on this page (null until asked). */
export const $cartView = atom<CartView | null>(null);
export const $cartTotals = computed($cart, cartTotals);
export const $cartOpen = atom(false);
/** A change is on its way to the server (spec §4: the drawer is busy meanwhile). */
export const $cartBusy = atom(false);

/** Opens the drawer; its island hydrates on the first 'cart:open'. */
export const openCart = () => {
  $cartOpen.set(true);
  announce('cart:open');
};
export const closeCart = () => $cartOpen.set(false);

export const CART_FAILED_MESSAGE = 'We could not update your cart. Please check your connection and try again.';

const revisionCookie = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith('cart_rev='))
    ?.slice('cart_rev='.length) ?? '';
const signedIn = () => document.cookie.split('; ').includes('signed_in=1');

/** Takes the server's answer as the truth. */
export function acceptCart(view: CartView) {
  $cartView.set(view);
  $cart.set(view.items);
  $cartRevision.set(revisionCookie());
}

/** After an order: the server emptied the cart in the same transaction. */
export function forgetCartCopy() {
  $cart.set([]);
  $cartView.set(null);
  $cartRevision.set('');
}

export async function fetchCart(
  options: { usePoints?: boolean; paymentMethod?: 'cod' | 'online' } = {},
): Promise<CartView> {
  const query = new URLSearchParams();
  if (options.usePoints) query.set('usePoints', '1');
  if (options.paymentMethod === 'online') query.set('paymentMethod', 'online');
  const response = await fetch(`/api/cart${query.size ? `?${query}` : ''}`, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Cart answered ${response.status}`);
  const { cart } = (await response.json()) as { cart: CartView };
  acceptCart(cart);
  return cart;
}

/**
 * Sends one change; the answer (the whole cart) replaces the copy. keepalive: a shopper who taps and
 * at once follows a link still gets the change made.
 */
export async function sendCartChange(change: CartChange): Promise<{ cart: CartView; error: string | null }> {
  $cartBusy.set(true);
  $changeSentAt.set(String(Date.now()));
  try {
    const response = await fetch('/api/cart', {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(change),
    });
    // Answered on this page. (When the shopper leaves first, the fetch fails here as the page goes and the
    // mark stays for the next page, while the request itself carries on.)
    $changeSentAt.set('');
    const body = (await response.json().catch(() => null)) as { cart?: CartView; error?: string } | null;
    if (!body?.cart) throw new Error(`Cart answered ${response.status}`);
    acceptCart(body.cart);
    return { cart: body.cart, error: body.error ?? null };
  } finally {
    $cartBusy.set(false);
  }
}

/** On page load: keep the copy when it is current, refresh it when the server's cart moved on. */
export function syncCartCopy() {
  const current = revisionCookie();
  awaitChangeLanding(current);
  if (!current && !signedIn()) {
    if ($cart.get().length) forgetCartCopy(); // signed out, or the cookie expired: this device holds no cart
    return;
  }
  // A signed-in customer's cart can change on another device, which this device's cookie cannot know.
  if (current !== $cartRevision.get() || signedIn())
    fetchCart().catch(() => {
      /* the copy stays; the drawer retries */
    });
}

/**
 * A change the last page sent may still be on its way: its answer sets the revision cookie even with
 * that page gone, so watch the cookie for a while and read the cart again once it moves.
 */
function awaitChangeLanding(revisionAtLoad: string) {
  const sentAt = Number($changeSentAt.get());
  if (!sentAt) return;
  if (Date.now() - sentAt > CHANGE_LANDING_MS) {
    $changeSentAt.set('');
    return;
  }
  const watch = setInterval(() => {
    const landed = revisionCookie() !== revisionAtLoad;
    if (!landed && Date.now() - sentAt <= CHANGE_LANDING_MS) return;
    clearInterval(watch);
    $changeSentAt.set('');
    if (landed)
      fetchCart().catch(() => {
        /* the copy stays; the drawer retries */
      });
  }, 200);
}
