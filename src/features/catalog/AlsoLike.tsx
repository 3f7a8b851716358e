// 'You may also like' and 'Frequently bought together' (spec §2, §9): a strip of product cards that drifts
// 0.5 px every 20 ms and wraps to the start. Server-rendered without an island; the drift and its pause
// button are a few lines of plain script (./strip-drift.ts), so the product page loads no React for it.
import type { ProductSummary } from './catalog.types';
import ProductCard, { productCardProps } from './ProductCard';

export default function AlsoLike({
  items,
  heading = 'You may also like',
  headingId = 'also-like-heading',
}: {
  items: ProductSummary[];
  heading?: string;
  headingId?: string;
}) {
  if (items.length === 0) return null;
  return (
    <div data-drifting-strip>
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id={headingId} className="font-serif text-2xl font-bold text-leaf-900">
          {heading}
        </h2>
        {/* Shown by the script when the strip moves (it overflows and motion is not reduced). */}
        <button
          type="button"
          hidden
          className="btn-secondary px-4 py-1.5 text-sm"
          aria-pressed="false"
          data-strip-pause
        >
          Pause scrolling
        </button>
      </div>
      <div className="overflow-x-auto pb-2" data-strip>
        <ul className="flex gap-4" aria-labelledby={headingId}>
          {items.map((item) => (
            <li key={item.id} className="w-44 shrink-0 sm:w-60 lg:w-72">
              <ProductCard {...productCardProps(item)} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
