// The cart drawer's island on every page: nothing but a listener until the cart first opens, then the
// drawer itself is loaded (its own chunk), so pages carry less JavaScript for a panel most visits
// never open.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $cartOpen } from './cart.store';

const CartDrawerPanel = lazy(() => import('./CartDrawerPanel'));

export default function CartDrawer() {
  const isOpen = useStore($cartOpen);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (isOpen) setOpened(true);
  }, [isOpen]);
  // An empty fragment, not null: Astro's renderer check treats a null render as "not React".
  return opened ? (
    <Suspense fallback={null}>
      <CartDrawerPanel />
    </Suspense>
  ) : (
    // biome-ignore lint/complexity/noUselessFragments: see above
    <></>
  );
}
