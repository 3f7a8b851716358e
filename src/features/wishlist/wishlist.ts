// The wishlist's plain rules, shared by the page, the API and the browser script (no server code).

/** At most this many saved products (a guest's browser list is cut to it when merged). */
export const WISHLIST_MAX = 100;

export const WISHLIST_MESSAGES = {
  noProduct: 'That product is not in our shop any more.',
  full: `Your wishlist holds at most ${WISHLIST_MAX} products. Remove one to save another.`,
  bad: 'Say which product to save or remove.',
  saved: (name: string) => `${name} is saved to your wishlist.`,
  removed: (name: string) => `${name} was removed from your wishlist.`,
} as const;

/** The heart's accessible name; aria-pressed says whether it is saved. */
export const heartLabel = (name: string) => `Save ${name} to wishlist`;

/** Product ids from untrusted input (a list or '3,5'): positive integers, each once, at most WISHLIST_MAX. */
export function parseProductIds(value: unknown): number[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const ids: number[] = [];
  for (const item of items) {
    const text = String(item).trim();
    if (!/^\d{1,9}$/.test(text)) continue;
    const id = Number(text);
    if (id >= 1 && !ids.includes(id)) ids.push(id);
    if (ids.length === WISHLIST_MAX) break;
  }
  return ids;
}

/** What the browser keeps: a guest's list, or a copy of the account's last answer. */
export interface StoredWishlist {
  owner: 'guest' | 'account';
  ids: number[];
}

export function parseStoredWishlist(raw: string | undefined | null): StoredWishlist {
  try {
    const value = raw ? JSON.parse(raw) : null;
    if (value && (value.owner === 'guest' || value.owner === 'account'))
      return { owner: value.owner, ids: parseProductIds(value.ids) };
  } catch {
    /* a damaged copy is an empty one */
  }
  return { owner: 'guest', ids: [] };
}
