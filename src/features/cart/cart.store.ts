// The cart: a nanostore persisted in localStorage under `cart`, shared by every island.
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import * as cart from '../../lib/cart';

export const $cart = persistentAtom<cart.CartItem[]>('cart', [], {
  encode: JSON.stringify,
  decode: cart.parseStoredCart,
});

export const $cartTotals = computed($cart, cart.cartTotals);
export const $cartOpen = atom(false);

export const addToCart = (item: Omit<cart.CartItem, 'quantity'>, quantity = 1) => $cart.set(cart.addItem($cart.get(), item, quantity));
export const setCartQuantity = (id: string, quantity: number) => $cart.set(cart.setQuantity($cart.get(), id, quantity));
export const removeFromCart = (id: string) => $cart.set(cart.removeItem($cart.get(), id));
export const clearCart = () => $cart.set(cart.clearItems());
export const openCart = () => $cartOpen.set(true);
export const closeCart = () => $cartOpen.set(false);
