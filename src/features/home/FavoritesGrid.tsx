// 'Most Loved Picks' island (spec §4 'Home grid'): fetches only once 20% of its section is on
// screen, with four placeholder cards until then; failures become toasts (spec §8).
import { useEffect, useRef, useState } from 'react';
import type { ProductSummary } from '../catalog/catalog.types';
import ProductCard from '../catalog/ProductCard';
import { showToast } from '../ui/toast';
import { FAVORITES_COUNT, loadFavorites } from './favorites';

type State = { status: 'loading' } | { status: 'loaded'; items: ProductSummary[] } | { status: 'failed' };

export default function FavoritesGrid() {
  const gridRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        loadFavorites().then((result) => {
          if (cancelled) return;
          if (result.ok) {
            setState({ status: 'loaded', items: result.items });
          } else {
            setState({ status: 'failed' });
            // Longer than the 2 s default: an error needs time to be read (WCAG 2.2.1).
            showToast({ message: result.message, variant: 'error', durationMs: 6000 });
          }
        });
      },
      { threshold: 0.2 },
    );
    observer.observe(grid.closest('section') ?? grid);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, []);

  const loading = state.status === 'loading';
  return (
    <div ref={gridRef} aria-busy={loading} className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {loading && <p className="sr-only">Loading products…</p>}
      {loading &&
        Array.from({ length: FAVORITES_COUNT }, (_, i) => `placeholder-${i}`).map((key) => <SkeletonCard key={key} />)}
      {state.status === 'failed' && (
        <p className="col-span-full rounded-2xl border border-brand-200 bg-white p-6 text-center text-ink">
          Our favourites could not be loaded just now. Every product is still in the shop.
        </p>
      )}
      {state.status === 'loaded' &&
        state.items.map((p) => (
          <ProductCard
            key={p.id}
            id={p.id}
            name={p.name}
            thumbnail_url={p.thumbnailUrl}
            price={p.price}
            discountPrice={p.discountPrice}
            category={p.categories[0]?.value ?? null}
            rating={p.rating}
            reviewCount={p.reviewCount}
            bogo={p.buyOneGetOne}
          />
        ))}
    </div>
  );
}

function SkeletonCard() {
  return (
    <div aria-hidden="true" className="flex flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white">
      <div className="aspect-square animate-pulse bg-brand-100 motion-reduce:animate-none" />
      <div className="flex flex-col gap-2 p-3">
        <div className="h-3 w-1/3 rounded bg-brand-100" />
        <div className="h-4 w-4/5 rounded bg-brand-100" />
        <div className="h-5 w-1/2 rounded bg-brand-100" />
      </div>
    </div>
  );
}
