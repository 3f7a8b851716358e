// Header cart button: item-count badge, opens the cart drawer. Small on purpose: it is on every page.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { cartTotals } from '../../lib/cart';
import { $cartOpen, $cartTotals, openCart } from './cart.store';
import { startCartSync } from './cart-sync';
import { useClientStore } from './use-client-store';

const EMPTY_TOTALS = cartTotals([]);

export default function CartButton() {
  const { totalItems } = useClientStore($cartTotals, EMPTY_TOTALS);
  const isOpen = useStore($cartOpen);
  useEffect(() => { void startCartSync(); }, []); // the button is on every page, so it runs the sync
  return (
    <button
      type="button"
      onClick={openCart}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      aria-label={`Cart, ${totalItems} ${totalItems === 1 ? 'item' : 'items'}`}
      className="relative inline-flex items-center gap-2 rounded-full px-3 py-2 font-semibold text-leaf-800 hover:bg-brand-100"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 7h12l-1 13H7L6 7Z" />
        <path d="M9 7a3 3 0 0 1 6 0" />
      </svg>
      <span>Cart</span>
      {totalItems > 0 && (
        <span aria-hidden="true" className="absolute -right-1 -top-1 min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs font-bold leading-5 text-white">
          {totalItems}
        </span>
      )}
    </button>
  );
}
