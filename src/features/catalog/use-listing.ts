// Loading state shared by the listing islands (spec §4: loading, then error, empty or populated).
// Each load cancels the one before it, so a slow earlier response can never overwrite a newer one.
import { useEffect, useRef, useState } from 'react';
import type { ProductSummary } from './catalog.types';
import { errorMessage, fetchListing, listingTotals, type ListingState, type ListingTotals } from './listing';

export type LoadStatus = 'ready' | 'loading' | 'error';

const NO_PRODUCTS: ListingTotals = { total: 0, page: 1, pageSize: 0, count: 0 };

export function useListing({
  initial,
  initialError = 'Unknown error',
  onError,
}: {
  /** Totals of the server-rendered page; null when the server could not load it. */
  initial: ListingTotals | null;
  initialError?: string;
  onError?: () => void;
}) {
  const [totals, setTotals] = useState(initial ?? NO_PRODUCTS);
  // null until the first load: until then the server-rendered cards stay on screen.
  const [items, setItems] = useState<ProductSummary[] | null>(null);
  const [status, setStatus] = useState<LoadStatus>(initial ? 'ready' : 'error');
  const [error, setError] = useState(initialError);
  const request = useRef<AbortController | null>(null);

  const cancel = () => request.current?.abort();
  // biome-ignore lint/correctness/useExhaustiveDependencies: cancel the request in flight on unmount only
  useEffect(() => cancel, []);

  async function load(query: Partial<ListingState>) {
    cancel();
    const controller = new AbortController();
    request.current = controller;
    setStatus('loading');
    try {
      const page = await fetchListing(query, controller.signal);
      setTotals(listingTotals(page));
      setItems(page.items);
      setStatus('ready');
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(errorMessage(failure));
      setStatus('error');
      onError?.();
    }
  }

  return { totals, items, status, error, load, cancel };
}
