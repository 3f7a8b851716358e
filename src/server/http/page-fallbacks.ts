// Pages rendered on request that showed a fallback because the database could not be read for part of
// them (the layout's goals or bestsellers, decision 0085-layout-chrome-in-rendered-pages): the route
// cache must not keep such a page for everyone. Marked by the page's address (path and query) rather than its Request object, which Astro
// may replace on the way; the route cache takes the mark when it has read the rendering.
// Pure and shared by the route cache and the layout; no database.

/** Query parameters that never change a page (campaign and click ids): one cached copy for all of them. */
export const TRACKING_PARAMETER =
  /^(utm_.+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|twclid|yclid|mc_cid|mc_eid|_ga|_gl|ref)$/i;

/** A page's address as the route cache keys it, without its origin: path and sorted, untracked query. */
export function pageAddress(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  for (const name of [...params.keys()]) if (TRACKING_PARAMETER.test(name)) params.delete(name);
  params.sort();
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/** Marks are taken by the route cache; pages it never sees (POST, ROUTE_CACHE_MB=0) leave theirs, so few are kept. */
const MARKS_KEPT = 1_000;
const showedFallback = new Set<string>();

/** The page at this address is showing a fallback: its rendering is not for everyone. */
export function markFallback(url: URL): void {
  showedFallback.add(pageAddress(url));
  if (showedFallback.size > MARKS_KEPT) showedFallback.delete(showedFallback.values().next().value as string);
}

/** Whether the rendering just made for this address showed a fallback (and forgets the mark). */
export function takeFallbackMark(url: URL): boolean {
  return showedFallback.delete(pageAddress(url));
}
