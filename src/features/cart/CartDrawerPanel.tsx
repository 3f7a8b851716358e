// Cart drawer (spec §2 'Cart drawer', §4): a modal panel sliding in from the right, showing the
// server's priced cart with the same forms as /cart (CartContents), handled in place. Loaded by
// CartDrawer the first time the cart opens.
import { useEffect, useRef, useState } from 'react';
import type { ProductSummary } from '../catalog/catalog.types';
import ProductCard, { productCardProps } from '../catalog/ProductCard';
import type { CartView } from './cart.schema';
import { CartLineList, DiscountCodeForm, DroppedNotes, QuoteSummary } from './CartContents';
import { CartProvider, useCart } from './useCart';
import { useModalDialog } from './use-modal-dialog';
import { PanelToasts } from '../ui/Toaster';

const TITLE_ID = 'cart-drawer-title';
const EMPTY_CART_RECOMMENDATIONS = 2;

function Spinner({ className = '' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      className={`motion-safe:animate-spin ${className}`}
    >
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.25" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function CartSummary({ view }: { view: CartView }) {
  const { busy, change, error, codeError } = useCart();
  return (
    <div className="space-y-3 border-t border-brand-100 px-5 py-4">
      <DiscountCodeForm
        quote={view.quote}
        error={codeError ? error : null}
        idPrefix="cart-drawer"
        onChange={change}
        busy={busy}
      />
      <QuoteSummary quote={view.quote} />
      {busy ? (
        <button type="button" disabled className="btn-primary w-full">
          <Spinner />
          Processing...
        </button>
      ) : (
        <a href="/checkout" className="btn-primary w-full">
          Checkout
        </a>
      )}
    </div>
  );
}

function EmptyCart({ view }: { view: CartView }) {
  const { isOpen } = useCart();
  const [recommendations, setRecommendations] = useState<ProductSummary[] | null>(null);
  useEffect(() => {
    if (!isOpen || recommendations) return;
    const controller = new AbortController();
    fetch(`/api/recommendations?limit=${EMPTY_CART_RECOMMENDATIONS}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ items: ProductSummary[] }>) : { items: [] }))
      .then((body) => setRecommendations(body.items))
      .catch(() => {
        /* the strip is optional: the empty cart still offers Continue Shopping */
      });
    return () => controller.abort();
  }, [isOpen, recommendations]);
  return (
    <div className="flex flex-1 flex-col gap-5 overflow-y-auto px-5 py-6">
      <DroppedNotes view={view} />
      <p className="text-center text-lg font-semibold text-ink">Your cart is empty</p>
      {recommendations && recommendations.length > 0 && (
        <section aria-labelledby="cart-recommendations-title">
          <h3 id="cart-recommendations-title" className="mb-3 font-serif text-base font-bold text-leaf-800">
            You may also like
          </h3>
          <div className="grid grid-cols-2 gap-3">
            {recommendations.map((p) => (
              <ProductCard key={p.id} {...productCardProps(p)} />
            ))}
          </div>
        </section>
      )}
      <a href="/shop-all" className="btn-primary self-center">
        Continue Shopping
      </a>
    </div>
  );
}

function DrawerPanel() {
  const { view, isOpen, busy, error, codeError, change, close } = useCart();
  const rootRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useModalDialog({ open: isOpen, rootRef, dialogRef, initialFocusRef: closeRef, onClose: close });
  const lineCount = view?.quote.lines.length ?? 0;
  // A removed line takes its button with it: focus goes back to the title so it is not lost.
  const previousCount = useRef(lineCount);
  useEffect(() => {
    if (lineCount < previousCount.current) titleRef.current?.focus();
    previousCount.current = lineCount;
  }, [lineCount]);

  // Visible at once on open (so focus can move in); hidden only after the slide-out on close.
  return (
    <div
      ref={rootRef}
      className={`fixed inset-0 z-[60] ${isOpen ? 'visible' : 'invisible transition-[visibility] duration-300'}`}
    >
      {/* biome-ignore lint/a11y: a click on the backdrop is a mouse shortcut; Escape and the close button serve the keyboard */}
      <div
        data-cart-backdrop
        onClick={close}
        className={`absolute inset-0 bg-ink/50 transition-opacity duration-300 ${isOpen ? 'opacity-100' : 'opacity-0'}`}
      />
      <div
        ref={dialogRef}
        id="cart-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={TITLE_ID}
        className={`absolute inset-y-0 right-0 flex w-full max-w-md flex-col bg-white shadow-2xl transition-transform duration-300 ${isOpen ? 'translate-x-0' : 'translate-x-full'}`}
      >
        <div className="flex items-center gap-3 border-b border-brand-100 px-5 py-4">
          <h2 id={TITLE_ID} ref={titleRef} tabIndex={-1} className="font-serif text-xl font-bold text-leaf-800">
            Your Cart
          </h2>
          {(busy || !view) && <Spinner className="text-leaf-700" />}
          <p role="status" className="sr-only">
            {busy ? 'Updating cart…' : ''}
          </p>
          <button
            ref={closeRef}
            type="button"
            onClick={close}
            aria-label="Close cart"
            className="ml-auto grid h-10 w-10 place-items-center rounded-full text-2xl text-ink hover:bg-brand-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {isOpen && <PanelToasts />}
        {error && !codeError && (
          <p role="alert" className="mx-5 mt-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        {!view ? (
          !error && <p className="px-5 py-6 text-gray-700">Loading your cart…</p>
        ) : lineCount === 0 ? (
          <EmptyCart view={view} />
        ) : (
          <>
            <div className="flex-1 overflow-y-auto px-5">
              <DroppedNotes view={view} />
              <CartLineList quote={view.quote} onChange={change} busy={busy} />
            </div>
            <CartSummary view={view} />
          </>
        )}
      </div>
    </div>
  );
}

export default function CartDrawerPanel() {
  return (
    <CartProvider>
      <DrawerPanel />
    </CartProvider>
  );
}
