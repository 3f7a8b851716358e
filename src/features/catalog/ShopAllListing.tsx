// /shop-all island (spec §2 'Product listing', §4 'Product list'). Its server render is a plain GET
// form with an Apply button and a <details> Filters panel, so sorting, filtering and paging work
// before (or without) JavaScript. Once hydrated, changes re-fetch /api/products in place and the
// URL follows along.
import { useEffect, useRef, useState, type FocusEvent, type MouseEvent, type ReactNode } from 'react';
import ListingResults from './ListingResults';
import {
  listingHref,
  pageCount,
  SHOP_ALL_PATH,
  SORT_DEBOUNCE_MS,
  SORT_LABELS,
  type ListingState,
  type ListingTotals,
} from './listing';
import { useListing } from './use-listing';
import { typedBeforeHydration } from '../ui/typed-before-hydration';
import type { Sort } from './catalog.types';

interface Category {
  name: string;
  value: string;
}

interface Props {
  initialState: ListingState;
  /** Totals of the server-rendered page; null when the server could not load the products. */
  initialTotals: ListingTotals | null;
  initialError?: string;
  categories: Category[];
  /** The server-rendered grid of the first page. */
  children?: ReactNode;
}

const CLEAR_FORM_ID = 'listing-clear';
const CONTROLS_FORM_ID = 'listing-controls';
const FILTERS_PANEL_ID = 'listing-filters';
const CONTROL =
  'inline-flex items-center gap-2 rounded-full border border-leaf-700 bg-white px-4 py-2 text-sm font-semibold text-leaf-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60';
const PANEL = 'absolute right-0 z-30 mt-2 w-64 rounded-2xl border border-brand-200 bg-white p-4 text-left shadow-lg';
const ALL_CATEGORIES: Category = { name: '', value: 'All' };

/**
 * A sort or category chosen in the server-rendered form before the island woke (the Apply button is
 * hidden once scripts run): kept and applied, never reset to the page's own.
 */
function choiceMadeBeforeHydration(initial: ListingState, categories: Category[]): ListingState {
  const typed = typedBeforeHydration(CONTROLS_FORM_ID);
  const sort = typed.sort && Object.hasOwn(SORT_LABELS, typed.sort) ? (typed.sort as Sort) : initial.sort;
  const category =
    typed.category && categories.some((c) => c.name === typed.category) ? typed.category : initial.category;
  return sort === initial.sort && category === initial.category ? initial : { ...initial, sort, category, page: 1 };
}

/** The server-rendered Filters panel (a <details>) opened by a tap that woke the island: it stays open. */
const filtersOpenedBeforeHydration = () =>
  typeof document !== 'undefined' &&
  Boolean(document.querySelector<HTMLDetailsElement>(`#${CONTROLS_FORM_ID} details`)?.open);

export default function ShopAllListing({ initialState, initialTotals, initialError, categories, children }: Props) {
  const [hydrated, setHydrated] = useState(false);
  const [query, setQuery] = useState(() => choiceMadeBeforeHydration(initialState, categories));
  const [filtersOpen, setFiltersOpen] = useState(filtersOpenedBeforeHydration);
  const { totals, items, status, error, load, cancel } = useListing({ initial: initialTotals, initialError });
  const debounceTimer = useRef<number | undefined>(undefined);
  const focusBeforeLoad = useRef<Element | null>(null);
  const dropdown = useRef<HTMLDivElement>(null);
  const filtersButton = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    setHydrated(true);
    // The choice made before hydration: load what it shows.
    if (query !== initialState) change(query);
    return () => window.clearTimeout(debounceTimer.current);
  }, []);

  // Disabling the focused control drops focus to <body>; hand it back once loading is over.
  useEffect(() => {
    const previous = focusBeforeLoad.current;
    if (status !== 'loading' && document.activeElement === document.body && previous instanceof HTMLElement)
      previous.focus();
  }, [status]);

  useEffect(() => {
    if (!filtersOpen) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!dropdown.current?.contains(event.target as Node)) setFiltersOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setFiltersOpen(false);
      filtersButton.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePointer);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [filtersOpen]);

  /** A new sort or category: the URL changes now; the request waits out the debounce, cancelling any earlier one. */
  function change(patch: Partial<ListingState>) {
    const next = { ...query, ...patch, page: 1 };
    setQuery(next);
    history.replaceState(history.state, '', listingHref(next));
    cancel();
    window.clearTimeout(debounceTimer.current);
    debounceTimer.current = window.setTimeout(() => {
      focusBeforeLoad.current = document.activeElement;
      load(next);
    }, SORT_DEBOUNCE_MS);
  }

  // Without JavaScript these buttons submit the hidden 'clear' form instead.
  function clearFilters(event: MouseEvent) {
    event.preventDefault();
    setFiltersOpen(false);
    filtersButton.current?.focus();
    change({ category: null });
  }

  function closeWhenFocusLeaves(event: FocusEvent) {
    if (!dropdown.current?.contains(event.relatedTarget as Node | null)) setFiltersOpen(false);
  }

  const busy = status !== 'ready';
  const pages = pageCount(totals.total, totals.pageSize);

  const filterPanelContent = (
    <>
      <fieldset>
        <legend className="text-sm font-semibold text-leaf-900">Category</legend>
        <div className="mt-2 max-h-48 overflow-y-auto pr-1">
          {[ALL_CATEGORIES, ...categories].map((category) => (
            <label
              key={category.name}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-ink hover:bg-brand-50"
            >
              <input
                type="radio"
                name="category"
                value={category.name}
                className="size-4 accent-leaf-700"
                checked={(query.category ?? '') === category.name}
                onChange={() => change({ category: category.name || null })}
              />
              {category.value}
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        form={CLEAR_FORM_ID}
        onClick={clearFilters}
        className="btn-secondary mt-3 w-full py-2 text-sm"
      >
        Clear All Filters
      </button>
    </>
  );

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-brand-200 pb-4">
        <p aria-live="polite" className="text-sm font-medium text-ink">{`Showing ${totals.total} products`}</p>
        {/* Hydrated, nothing here submits: Enter on a radio must not reload the page. */}
        <form
          id={CONTROLS_FORM_ID}
          method="get"
          action={SHOP_ALL_PATH}
          onSubmit={(event) => event.preventDefault()}
          className="flex flex-wrap items-center gap-3"
        >
          <label className="flex items-center gap-2 text-sm font-medium text-ink">
            Sort by
            <select
              name="sort"
              value={query.sort}
              disabled={busy}
              onChange={(event) => change({ sort: event.target.value as Sort })}
              className="rounded-full border border-leaf-700 bg-white px-3 py-2 text-sm text-ink disabled:cursor-not-allowed disabled:opacity-60"
            >
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          {hydrated ? (
            // biome-ignore lint/a11y/noStaticElementInteractions: closes the panel when keyboard focus leaves it
            <div ref={dropdown} className="relative" onBlur={closeWhenFocusLeaves}>
              <button
                ref={filtersButton}
                type="button"
                className={CONTROL}
                disabled={busy}
                aria-expanded={filtersOpen}
                aria-controls={FILTERS_PANEL_ID}
                onClick={() => setFiltersOpen((open) => !open)}
              >
                Filters <Chevron />
              </button>
              <div id={FILTERS_PANEL_ID} hidden={!filtersOpen} className={PANEL}>
                {filterPanelContent}
              </div>
            </div>
          ) : (
            <details className="relative">
              <summary className={`${CONTROL} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
                Filters <Chevron />
              </summary>
              <div className={PANEL}>{filterPanelContent}</div>
            </details>
          )}
          {/* Hidden from the first paint when scripts run (js:; ! beats .btn-primary), so hydrating does not move the grid. */}
          {!hydrated && (
            <button type="submit" className="btn-primary py-2 text-sm js:hidden!">
              Apply
            </button>
          )}
        </form>
        <form id={CLEAR_FORM_ID} method="get" action={SHOP_ALL_PATH} hidden>
          {query.sort !== 'featured' && <input type="hidden" name="sort" value={query.sort} />}
        </form>
      </div>

      <section aria-labelledby="listing-results-heading" className="mt-6">
        <h2 id="listing-results-heading" className="sr-only">
          Products
        </h2>
        <ListingResults
          status={status}
          count={totals.count}
          items={items}
          serverGrid={children}
          error={
            <div role="alert" className="rounded-2xl border border-red-200 bg-white p-6 text-center">
              <p className="font-semibold text-red-800">{`Error: ${error}`}</p>
              <a href={listingHref(query)} className="btn-secondary mt-4">
                Try again
              </a>
            </div>
          }
          empty={
            <div className="rounded-2xl border border-brand-200 bg-white p-8 text-center">
              <p className="font-semibold text-ink">No products match your filters.</p>
              <button type="submit" form={CLEAR_FORM_ID} onClick={clearFilters} className="btn-primary mt-4">
                Clear filters
              </button>
            </div>
          }
        />
      </section>

      {status !== 'error' && pages > 1 && (
        <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-4 text-sm">
          {totals.page > 1 && (
            <a rel="prev" href={listingHref({ ...query, page: totals.page - 1 })} className="btn-secondary">
              Previous
            </a>
          )}
          <p className="text-ink">{`Page ${totals.page} of ${pages}`}</p>
          {totals.page < pages && (
            <a rel="next" href={listingHref({ ...query, page: totals.page + 1 })} className="btn-secondary">
              Next
            </a>
          )}
        </nav>
      )}
    </>
  );
}

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}
