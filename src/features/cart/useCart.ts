// Cart context for the drawer: the stored items plus the server's pricing of them. Every change
// while the drawer is open is re-priced by the server (spec §4: the drawer is busy meanwhile).
import { useStore } from '@nanostores/react';
import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cartTotals, type CartItem } from '../../lib/cart';
import { INVALID_DISCOUNT_MESSAGE } from '../../lib/discount';
import type { AppliedDiscount, PricedCart } from './cart.schema';
import { $cart, $cartOpen, clearCart, closeCart, openCart, removeFromCart, setCartQuantity } from './cart.store';
import { applyServerPrices, requestServerPrices } from './server-prices';
import { useClientStore } from './use-client-store';

const PRICING_FAILED_MESSAGE = 'We could not update your cart prices. Please try again.';

export type DiscountState = { status: 'none' } | ({ status: 'applied' } & AppliedDiscount);

export interface CartContextValue {
  items: CartItem[];
  totals: ReturnType<typeof cartTotals>;
  isOpen: boolean;
  /** The server's numbers for the cart as last priced; null until priced (or when empty). */
  pricing: PricedCart | null;
  busy: boolean;
  pricingError: string | null;
  discount: DiscountState;
  discountError: string | null;
  /** Why lines were removed by the server (unknown product or plan); cleared when the drawer closes. */
  notes: string[];
  setQuantity: (id: string, quantity: number) => void;
  remove: (id: string) => void;
  clear: () => void;
  applyCode: (code: string) => Promise<void>;
  open: () => void;
  close: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);
const NO_ITEMS: CartItem[] = [];

export function CartProvider({ children }: { children: ReactNode }) {
  const items = useClientStore($cart, NO_ITEMS);
  const isOpen = useStore($cartOpen);
  const [pricing, setPricing] = useState<PricedCart | null>(null);
  const [busy, setBusy] = useState(false);
  const [pricingError, setPricingError] = useState<string | null>(null);
  const [discountError, setDiscountError] = useState<string | null>(null);
  const [notes, setNotes] = useState<string[]>([]);
  // The code the server last accepted; it is re-sent whenever the cart is re-priced.
  const acceptedCode = useRef<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const reprice = useCallback(async (code: string | null): Promise<PricedCart | null> => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setBusy(true);
    try {
      const priced = await requestServerPrices($cart.get(), code, controller.signal);
      if (controller.signal.aborted) return null;
      acceptedCode.current = priced.discount ? code : null;
      setPricing(priced);
      setPricingError(null);
      if (priced.dropped.length) setNotes(priced.dropped.map((d) => d.note));
      const current = $cart.get();
      const reconciled = applyServerPrices(current, priced);
      if (reconciled !== current) $cart.set(reconciled);
      return priced;
    } catch {
      if (!controller.signal.aborted) setPricingError(PRICING_FAILED_MESSAGE);
      return null;
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setBusy(false);
      }
    }
  }, []);

  // Price changes never alter this key, so the server's corrections do not trigger another round.
  const linesKey = items.map((i) => `${i.id}x${i.quantity}`).join(',');
  useEffect(() => {
    if (!isOpen) {
      setNotes([]);
      return;
    }
    if (!linesKey) {
      inFlight.current?.abort();
      acceptedCode.current = null;
      setPricing(null);
      setBusy(false);
      return;
    }
    void reprice(acceptedCode.current);
  }, [isOpen, linesKey, reprice]);

  const applyCode = useCallback(async (input: string) => {
    const code = input.trim();
    if (!code) {
      // Nothing to send: the spec's rule still applies (no discount, 'Invalid discount code').
      acceptedCode.current = null;
      setPricing((p) => p && { ...p, discount: null, total: p.subtotal });
      setDiscountError(INVALID_DISCOUNT_MESSAGE);
      return;
    }
    const priced = await reprice(code);
    if (priced) setDiscountError(priced.message ?? null);
  }, [reprice]);

  const value = useMemo<CartContextValue>(() => ({
    items, totals: cartTotals(items), isOpen, pricing, busy, pricingError, discountError, notes,
    discount: pricing?.discount ? { status: 'applied', ...pricing.discount } : { status: 'none' },
    setQuantity: setCartQuantity, remove: removeFromCart, clear: clearCart, applyCode, open: openCart, close: closeCart,
  }), [items, isOpen, pricing, busy, pricingError, discountError, notes, applyCode]);

  return createElement(CartContext.Provider, { value }, children);
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error('useCart must be used within a CartProvider');
  return context;
}
