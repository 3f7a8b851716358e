// Sticky add-to-cart bar (spec §2, §4): fixed to the bottom once the top of the product block has
// scrolled out of view; adds the plan and quantity chosen in the picker (it submits the picker's form).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatRupees } from '../../lib/money';
import type { PlanOption } from '../pricing/product-prices';
import { $planIndex, ADD_TO_CART_FORM_ID, type PurchasableProduct } from './product-purchase.store';

interface Props {
  product: PurchasableProduct;
  options: PlanOption[];
  watchId: string;
}

export default function StickyAddToCart({ product, options, watchId }: Props) {
  const planIndex = useStore($planIndex);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const target = document.getElementById(watchId);
    if (!target) return;
    // Shown only when the block's top is above the viewport, not while the page is still above it.
    const observer = new IntersectionObserver(([entry]) =>
      setShown(!entry.isIntersecting && entry.boundingClientRect.top < 0),
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [watchId]);

  const option = options[planIndex] ?? options[0];
  // An empty fragment, not null: Astro's renderer check treats a null render as "not React".
  // biome-ignore lint/complexity/noUselessFragments: see above
  if (!shown || !option) return <></>;

  return (
    <section
      aria-label="Quick add to cart"
      data-sticky-cart
      className="fixed inset-x-0 bottom-0 z-40 border-t border-brand-200 bg-white/95 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur"
    >
      <div className="container-page flex items-center justify-between gap-3 py-3">
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">{product.name}</p>
          <p className="text-sm text-ink">
            <strong>{formatRupees(option.displayed)}</strong> · {option.label}
          </p>
        </div>
        {/* Submits the plan picker's form: one add-to-cart, whichever button is pressed. */}
        <button type="submit" form={ADD_TO_CART_FORM_ID} className="btn-primary shrink-0">
          Add to Cart
        </button>
      </div>
    </section>
  );
}
