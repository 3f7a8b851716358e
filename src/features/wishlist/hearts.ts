// The hearts' behaviour without React. `$wishlist` (localStorage `wishlist`) is a guest's list, or for a
// signed-in customer a copy of the account's last answer. On every page: a guest's list is merged into
// the account once they are signed in (then a guest's /wishlist page reloads to show it), a signed-out
// browser drops an account's copy, and every heart on the page (cards an island renders later too)
// shows aria-pressed from the list. A tap saves in the browser (guest) or on the server (signed in).
import { persistentAtom } from '@nanostores/persistent';
import { parseStoredWishlist, type StoredWishlist } from './wishlist';

export const $wishlist = persistentAtom<StoredWishlist>(
  'wishlist',
  { owner: 'guest', ids: [] },
  {
    encode: JSON.stringify,
    decode: parseStoredWishlist,
  },
);

const signedIn = () => document.cookie.split('; ').includes('signed_in=1');
const toggles = () => [...document.querySelectorAll<HTMLButtonElement>('button[data-wishlist-toggle]')];

function paint() {
  const { ids } = $wishlist.get();
  for (const button of toggles()) {
    const pressed = String(ids.includes(Number(button.dataset.wishlistToggle)));
    if (button.getAttribute('aria-pressed') !== pressed) button.setAttribute('aria-pressed', pressed);
    if (button.dataset.enhance !== 'ready') button.dataset.enhance = 'ready'; // taps now stay on the page
  }
}

async function ask(init?: { productId?: number; saved?: boolean; merge?: number[] }): Promise<number[] | null> {
  const response = await fetch(
    '/api/wishlist',
    init
      ? {
          method: 'POST',
          credentials: 'same-origin',
          keepalive: true,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(init),
        }
      : { credentials: 'same-origin' },
  );
  if (!response.ok) return null;
  return ((await response.json()) as { ids: number[] }).ids;
}

async function onSubmit(event: SubmitEvent) {
  const form = (event.target as Element | null)?.closest?.('form[data-wishlist-form]');
  if (!(form instanceof HTMLFormElement)) return;
  event.preventDefault();
  const productId = Number(new FormData(form).get('productId'));
  const before = $wishlist.get();
  const saved = !before.ids.includes(productId);
  const ids = saved ? [productId, ...before.ids] : before.ids.filter((id) => id !== productId);
  $wishlist.set({ owner: signedIn() ? 'account' : 'guest', ids });
  if (!signedIn()) return;
  const answer = await ask({ productId, saved }).catch(() => null);
  $wishlist.set(answer ? { owner: 'account', ids: answer } : before);
}

/** A guest's /wishlist names the browser's products in its URL so the server can render them. */
function showGuestList() {
  if (document.querySelector('[data-wishlist-page="guest"]') == null) return;
  const wanted = $wishlist.get().ids.join(',');
  const url = new URL(location.href);
  if ((url.searchParams.get('ids') ?? '') === wanted) return;
  if (wanted) url.searchParams.set('ids', wanted);
  else url.searchParams.delete('ids');
  location.replace(url.href);
}

async function sync() {
  const stored = $wishlist.get();
  if (!signedIn()) {
    if (stored.owner === 'account') $wishlist.set({ owner: 'guest', ids: [] }); // signed out: the account's list stays with it
    showGuestList();
    return;
  }
  const onWishlistPage = document.querySelector('[data-wishlist-page]') != null;
  if (stored.owner === 'guest' && stored.ids.length) {
    const merged = await ask({ merge: stored.ids }).catch(() => null);
    if (!merged) return;
    $wishlist.set({ owner: 'account', ids: merged });
    if (onWishlistPage) location.reload(); // rendered before the merge
  } else if (toggles().length || onWishlistPage) {
    const ids = await ask().catch(() => null);
    if (!ids) return;
    $wishlist.set({ owner: 'account', ids });
    // The account's page was rendered while a merge begun on the previous page was still being saved (a
    // sign-in, then straight here): it misses what that merge added, so it is rendered again.
    const rendered = document.querySelector<HTMLElement>('[data-wishlist-page="account"]')?.dataset.wishlistIds;
    if (rendered !== undefined && [...ids].sort().join(',') !== rendered.split(',').filter(Boolean).sort().join(','))
      location.reload();
  }
}

export function enhanceHearts() {
  $wishlist.subscribe(paint);
  new MutationObserver(paint).observe(document.body, { childList: true, subtree: true });
  document.addEventListener('submit', (event) => {
    void onSubmit(event);
  });
  void sync();
}
