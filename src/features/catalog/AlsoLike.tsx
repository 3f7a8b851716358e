// 'You may also like' and 'Frequently bought together' (spec §2, §9): a strip of product cards that drifts 0.5 px every 20 ms and
// wraps to the start. It stands still under reduced motion, while hovered or focused, when paused
// with its button (WCAG 2.2.2), while off-screen and when everything already fits.
import { useEffect, useRef, useState } from 'react';
import type { ProductSummary } from './catalog.types';
import ProductCard from './ProductCard';
import { nextScrollLeft } from './product-page';

const STEP_PX = 0.5;
const TICK_MS = 20;

export default function AlsoLike({
  items,
  heading = 'You may also like',
  headingId = 'also-like-heading',
}: {
  items: ProductSummary[];
  heading?: string;
  headingId?: string;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const [visible, setVisible] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(true);
  const [overflowing, setOverflowing] = useState(false);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener('change', update);
    const element = strip.current;
    if (!element) return () => query.removeEventListener('change', update);
    const visibility = new IntersectionObserver(([entry]) => setVisible(entry.isIntersecting));
    visibility.observe(element);
    const size = new ResizeObserver(() => setOverflowing(element.scrollWidth > element.clientWidth + 1));
    size.observe(element);
    return () => {
      query.removeEventListener('change', update);
      visibility.disconnect();
      size.disconnect();
    };
  }, []);

  const moving = overflowing && !reducedMotion && !hovered && !focused && !paused && visible;
  useEffect(() => {
    const element = strip.current;
    if (!moving || !element) return;
    // Track the position as a float: browsers round scrollLeft, which would swallow half-pixel steps.
    let position = element.scrollLeft;
    const timer = window.setInterval(() => {
      if (Math.abs(element.scrollLeft - position) > 1) position = element.scrollLeft; // the shopper scrolled
      position = nextScrollLeft(position, STEP_PX, element.scrollWidth - element.clientWidth);
      element.scrollLeft = position;
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [moving]);

  // biome-ignore lint/complexity/noUselessFragments: not null, see StickyAddToCart
  if (items.length === 0) return <></>;

  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id={headingId} className="font-serif text-2xl font-bold text-leaf-900">
          {heading}
        </h2>
        {overflowing && !reducedMotion && (
          <button
            type="button"
            className="btn-secondary px-4 py-1.5 text-sm"
            aria-pressed={paused}
            onClick={() => setPaused(!paused)}
          >
            {paused ? 'Play scrolling' : 'Pause scrolling'}
          </button>
        )}
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the scrolling; the button does it for everyone */}
      <div
        ref={strip}
        className="overflow-x-auto pb-2"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        }}
      >
        <ul className="flex gap-4" aria-labelledby={headingId}>
          {items.map((item) => (
            <li key={item.id} className="w-44 shrink-0 sm:w-60 lg:w-72">
              <ProductCard
                id={item.id}
                name={item.name}
                thumbnail_url={item.thumbnailUrl}
                price={item.price}
                discountPrice={item.discountPrice}
                category={item.categories[0]?.value ?? null}
                rating={item.rating}
                reviewCount={item.reviewCount}
                bogo={item.buyOneGetOne}
              />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
