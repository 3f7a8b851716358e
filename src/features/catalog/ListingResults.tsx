// Results area of both listing islands: one live status line, then the error, the empty message or
// the grid (the server-rendered cards until the island has loaded products of its own).
import type { ReactNode } from 'react';
import type { ProductSummary } from './catalog.types';
import ProductGrid from './ProductGrid';
import type { LoadStatus } from './use-listing';

interface Props {
  status: LoadStatus;
  count: number;
  items: ProductSummary[] | null;
  serverGrid: ReactNode;
  error: ReactNode;
  empty: ReactNode;
}

export default function ListingResults({ status, count, items, serverGrid, error, empty }: Props) {
  const loading = status === 'loading';
  let content = empty;
  if (status === 'error') content = error;
  else if (count > 0) {
    content = (
      <div aria-busy={loading} className={loading ? 'opacity-60' : undefined}>
        {items ? <ProductGrid products={items} /> : serverGrid}
      </div>
    );
  }
  return (
    <>
      <p role="status" className="mb-2 min-h-5 text-sm font-medium text-ink">
        {loading ? 'Loading products...' : ''}
      </p>
      {content}
    </>
  );
}
