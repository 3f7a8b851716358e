// Keeps a signed-in customer's cart on the server so it follows them across devices. The first page
// after signing in on a device merges the device's cart into the account's (quantities added); after
// that the account's cart is the truth and every change is saved back. Signing out empties the
// device's copy, so the next person on a shared phone does not see it.
import { persistentAtom } from '@nanostores/persistent';
import type { CartItem } from '../../lib/cart';
import { $cart } from './cart.store';

/** Whose cart this device holds ('' = a guest's). */
const $cartOwner = persistentAtom<string>('cart-owner', '');
const SAVE_DELAY_MS = 600;
let started = false;

const signedIn = () => document.cookie.split('; ').includes('signed_in=1');

async function send(method: 'GET' | 'PUT' | 'POST', items?: readonly CartItem[]) {
  const response = await fetch('/api/cart/saved', {
    method, credentials: 'same-origin',
    ...(items ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items }) } : {}),
  });
  if (!response.ok) return null;
  return response.json() as Promise<{ userId: string; items: CartItem[] }>;
}

export async function startCartSync() {
  if (started) return;
  started = true;
  if (!signedIn()) {
    if ($cartOwner.get()) { $cart.set([]); $cartOwner.set(''); }
    return;
  }
  const current = await send('GET');
  if (!current) return;
  const saved = $cartOwner.get() === current.userId ? current : await send('POST', $cart.get());
  if (!saved) return;
  $cart.set(saved.items);
  $cartOwner.set(saved.userId);

  let timer: ReturnType<typeof setTimeout> | undefined;
  $cart.listen((items) => {
    clearTimeout(timer);
    timer = setTimeout(() => { void send('PUT', items); }, SAVE_DELAY_MS);
  });
}
