// The header cart button's behaviour without React: the badge and the accessible name follow the
// persisted `cart` store, a click opens the drawer (whose island hydrates on 'cart:open'), and the page
// load refreshes the store when the server's cart moved on (cart_rev). A tap before this script ran
// was held (../layout/hydration/held-taps.ts) and opens the drawer once it runs. data-enhance="ready" tells tests
// (and anyone curious) that the link is now a drawer button.
import { takeHeldTap } from '../layout/hydration/held-taps';
import { $cartOpen, $cartTotals, openCart, syncCartCopy } from './cart.store';

export const cartLabel = (totalItems: number) => `Cart, ${totalItems} ${totalItems === 1 ? 'item' : 'items'}`;

export function enhanceCartButtons(doc: Document = document) {
  const buttons = [...doc.querySelectorAll<HTMLAnchorElement>('a[data-cart-button]')];
  if (!buttons.length) return;
  $cartTotals.subscribe(({ totalItems }) => {
    for (const button of buttons) {
      button.setAttribute('aria-label', cartLabel(totalItems));
      const badge = button.querySelector<HTMLElement>('[data-cart-count]');
      if (badge) {
        badge.textContent = String(totalItems);
        badge.hidden = totalItems === 0;
      }
    }
  });
  $cartOpen.subscribe((open) => {
    for (const button of buttons) button.setAttribute('aria-expanded', String(open));
  });
  for (const button of buttons) {
    button.addEventListener('click', (event) => {
      event.preventDefault();
      openCart();
    });
    button.dataset.enhance = 'ready';
  }
  // A tap that came before this script (held by the head's HELD_TAP_SCRIPT) opens the drawer now.
  if (takeHeldTap(buttons)) openCart();
  syncCartCopy(); // the button is on every page, so it keeps the copy current
}
