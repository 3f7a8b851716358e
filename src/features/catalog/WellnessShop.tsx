// /shop-by-wellness island (spec §2 'Shop by wellness', §4). The server cannot see the URL hash, so it
// renders the ?goal= category; once hydrated, the hash selects the category (on load, on hash change
// and on back/forward) and that category's products are reloaded from /api/products.
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { WellnessCategory } from '../../lib/wellness';
import { wellnessGoalHref } from '../layout/site-links';
import { showToast } from '../ui/toast';
import ListingResults from './ListingResults';
import { listingHref, wellnessFromLocation, wellnessTitle, type ListingTotals } from './listing';
import { useListing } from './use-listing';

interface Props {
  /** The goals as staff configured them (/admin/wellness), in order. */
  goals: WellnessCategory[];
  initialKey: WellnessCategory['key'];
  /** Totals of the server-rendered category; null when the server could not load its products. */
  initialTotals: ListingTotals | null;
  /** The server-rendered grid of that category. */
  children?: ReactNode;
}

// Longer than the 2 s default: an error needs time to be read (WCAG 2.2.1).
const reportLoadFailure = () => showToast({ message: 'Failed to load products', variant: 'error', durationMs: 6000 });

export default function WellnessShop({ goals, initialKey, initialTotals, children }: Props) {
  const goalFor = (key: WellnessCategory['key']) => goals.find((goal) => goal.key === key) ?? goals[0];
  const [category, setCategory] = useState(() => goalFor(initialKey));
  const { totals, items, status, load } = useListing({ initial: initialTotals, onError: reportLoadFailure });
  const shownKey = useRef(category.key);

  function show(next: WellnessCategory) {
    if (next.key === shownKey.current) return;
    shownKey.current = next.key;
    setCategory(next);
    document.title = wellnessTitle(next);
    load({ category: next.code });
  }

  const showLocationCategory = () => show(goalFor(wellnessFromLocation(location.hash, location.search).key));

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    if (!initialTotals) reportLoadFailure();
    showLocationCategory();
    window.addEventListener('hashchange', showLocationCategory);
    window.addEventListener('popstate', showLocationCategory);
    return () => {
      window.removeEventListener('hashchange', showLocationCategory);
      window.removeEventListener('popstate', showLocationCategory);
    };
  }, []);

  // Switch in place instead of loading a new page; modified clicks (new tab and so on) stay with the browser.
  function choose(event: MouseEvent<HTMLAnchorElement>, next: WellnessCategory) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    history.pushState(history.state, '', wellnessGoalHref(next.key));
    showLocationCategory();
  }

  return (
    <div className="container-page pb-16 pt-6">
      <nav aria-label="Breadcrumb" className="text-sm text-ink">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <a href="/" className="underline-offset-2 hover:underline">
              Home
            </a>
          </li>
          <li aria-hidden="true">&gt;</li>
          <li>
            <span aria-current="page" className="font-semibold">
              {category.name}
            </span>
          </li>
        </ol>
      </nav>

      <nav aria-label="Wellness goals" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {goals.map((option) => {
            const active = option.key === category.key;
            return (
              <li key={option.key}>
                <a
                  href={wellnessGoalHref(option.key)}
                  aria-current={active ? 'page' : undefined}
                  onClick={(event) => choose(event, option)}
                  className={`inline-block rounded-full border px-4 py-2 text-sm font-semibold ${active ? 'border-leaf-800 bg-leaf-800 text-white' : 'border-leaf-700 bg-white text-leaf-800 hover:bg-brand-100'}`}
                >
                  {option.name}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>

      <section
        aria-labelledby="wellness-heading"
        className="mt-6 overflow-hidden rounded-3xl border border-brand-200 bg-white"
      >
        <img
          src={category.image}
          alt=""
          width={1600}
          height={500}
          fetchPriority="high"
          className="h-auto w-full bg-brand-100"
        />
        <div className="p-6 sm:p-10">
          <span className="inline-block rounded-full bg-leaf-700 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
            {category.badge}
          </span>
          <h1 id="wellness-heading" className="mt-4 font-serif text-3xl font-bold text-leaf-900 sm:text-4xl">
            {category.name}
          </h1>
          <p className="mt-2 font-serif text-xl text-brand-700">{category.headline}</p>
          <p className="mt-3 max-w-2xl text-ink">{category.description}</p>
        </div>
      </section>

      <section aria-labelledby="wellness-products-heading" className="mt-10">
        <h2
          id="wellness-products-heading"
          className="font-serif text-2xl font-bold text-leaf-900"
        >{`Shop ${category.name}`}</h2>
        <ListingResults
          status={status}
          count={totals.count}
          items={items}
          serverGrid={children}
          error={
            <div className="rounded-2xl border border-red-200 bg-white p-6 text-center">
              <p className="font-semibold text-red-800">Error loading products</p>
              {/* Without the hash: a hash-only link to the current URL would not reload the page. */}
              <a href={`/shop-by-wellness?goal=${category.key}`} className="btn-secondary mt-4">
                Try again
              </a>
            </div>
          }
          empty={
            <p className="rounded-2xl border border-brand-200 bg-white p-8 text-center font-semibold text-ink">
              No products found in this category.
            </p>
          }
        />
        {status === 'ready' && totals.total > totals.count && (
          <p className="mt-8 text-center">
            <a
              href={listingHref({ category: category.code })}
              className="btn-secondary"
            >{`View all ${totals.total} products`}</a>
          </p>
        )}
      </section>
    </div>
  );
}
