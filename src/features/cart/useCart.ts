// The drawer's view of the cart: the server's last answer, whether a change is on its way, and the
// one way to change it (send the change, take the whole cart back).
import { useStore } from '@nanostores/react';
import {
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { CartChange, CartView } from './cart.schema';
import {
  $cartBusy,
  $cartOpen,
  $cartView,
  CART_FAILED_MESSAGE,
  closeCart,
  fetchCart,
  sendCartChange,
} from './cart.store';

export interface CartContextValue {
  view: CartView | null;
  isOpen: boolean;
  busy: boolean;
  /** Why the last change was refused, or why the cart could not be loaded. */
  error: string | null;
  /** The refusal belongs beside the discount code field. */
  codeError: boolean;
  change: (change: CartChange) => void;
  close: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const view = useStore($cartView);
  const isOpen = useStore($cartOpen);
  const busy = useStore($cartBusy);
  const [error, setError] = useState<{ message: string; code: boolean } | null>(null);

  // Opening the drawer asks for the priced cart (the stored copy has no totals).
  useEffect(() => {
    if (!isOpen) {
      setError(null);
      return;
    }
    fetchCart().catch(() => setError({ message: CART_FAILED_MESSAGE, code: false }));
  }, [isOpen]);

  const change = useCallback((next: CartChange) => {
    setError(null);
    sendCartChange(next)
      .then(({ error: refusal }) => setError(refusal ? { message: refusal, code: next.intent === 'code' } : null))
      .catch(() => setError({ message: CART_FAILED_MESSAGE, code: false }));
  }, []);

  const value = useMemo<CartContextValue>(
    () => ({
      view,
      isOpen,
      busy,
      error: error?.message ?? null,
      codeError: error?.code ?? false,
      change,
      close: closeCart,
    }),
    [view, isOpen, busy, error, change],
  );
  return createElement(CartContext.Provider, { value }, children);
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error('useCart must be used within a CartProvider');
  return context;
}
