// Header cart button: a link to /cart (works before the page's JavaScript loads), enhanced to open the
// drawer. Its badge reads the browser's copy of the server cart, refreshed when the server moved on.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { cartTotals } from '../../lib/cart';
import { $cartOpen, $cartTotals, openCart, syncCartCopy } from './cart.store';
import { useClientStore } from './use-client-store';

const EMPTY_TOTALS = cartTotals([]);

export default function CartButton() {
  const { totalItems } = useClientStore($cartTotals, EMPTY_TOTALS);
  const isOpen = useStore($cartOpen);
  useEffect(syncCartCopy, []); // the button is on every page, so it keeps the copy current
  return (
    <a
      href="/cart"
      onClick={(event) => { event.preventDefault(); openCart(); }}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      aria-label={`Cart, ${totalItems} ${totalItems === 1 ? 'item' : 'items'}`}
      data-cart-button
      className="relative inline-flex items-center gap-2 rounded-full px-3 py-2 font-semibold text-leaf-800 hover:bg-brand-100"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 7h12l-1 13H7L6 7Z" />
        <path d="M9 7a3 3 0 0 1 6 0" />
      </svg>
      <span>Cart</span>
      {totalItems > 0 && (
        <span aria-hidden="true" data-cart-count className="absolute right-0 -top-1 min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs font-bold leading-5 text-white">
          {totalItems}
        </span>
      )}
    </a>
  );
}
