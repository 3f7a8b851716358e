// Cart drawer (spec §2 'Cart drawer', §4): a modal panel sliding in from the right. Every amount it
// shows after the first pricing comes from the server (POST /api/cart/price). Loaded by CartDrawer
// the first time the cart opens.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CartItem } from '../../lib/cart';
import { formatRupees } from '../../lib/money';
import type { ProductSummary } from '../catalog/catalog.server';
import ProductCard, { PLACEHOLDER_IMAGE } from '../catalog/ProductCard';
import { CartProvider, useCart } from './useCart';
import { useModalDialog } from './use-modal-dialog';

const TITLE_ID = 'cart-drawer-title';
const EMPTY_CART_RECOMMENDATIONS = 2;

function Spinner({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className={`motion-safe:animate-spin ${className}`}>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.25" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function CartLine({ item, onRemoved }: { item: CartItem; onRemoved: () => void }) {
  // Stored prices are overwritten with the server's after every pricing, so they are safe to show.
  const { busy, setQuantity, remove } = useCart();
  const atMinimum = item.quantity <= 1;
  // aria-disabled rather than disabled: a pressed button keeps focus while the cart re-prices.
  const stepperClass = 'grid h-9 w-9 place-items-center rounded-full text-lg font-bold text-leaf-800 hover:bg-brand-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent';
  return (
    <li className="flex gap-3 py-4">
      <img
        src={item.image || PLACEHOLDER_IMAGE} data-fallback={PLACEHOLDER_IMAGE} alt="" width={72} height={72}
        className="h-18 w-18 shrink-0 rounded-lg bg-brand-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold leading-snug text-ink">{item.name}</p>
        {item.subscriptionLabel && <p className="text-sm text-gray-700">{item.subscriptionLabel}</p>}
        <p className="text-sm text-gray-700">{formatRupees(item.price)}<span className="sr-only"> each</span></p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <div role="group" aria-label={`Quantity of ${item.name}`} className="inline-flex items-center rounded-full border border-brand-200">
            <button
              type="button" aria-label={`Decrease quantity of ${item.name}`} aria-disabled={busy || atMinimum} className={stepperClass}
              onClick={() => { if (!busy && !atMinimum) setQuantity(item.id, item.quantity - 1); }}
            >
              <span aria-hidden="true">−</span>
            </button>
            <span className="min-w-8 text-center font-semibold tabular-nums">{item.quantity}</span>
            <button
              type="button" aria-label={`Increase quantity of ${item.name}`} aria-disabled={busy} className={stepperClass}
              onClick={() => { if (!busy) setQuantity(item.id, item.quantity + 1); }}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          <button
            type="button" aria-label={`Remove ${item.name}`} aria-disabled={busy}
            className="rounded text-sm font-medium text-red-700 underline underline-offset-2 hover:text-red-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            onClick={() => { if (!busy) { remove(item.id); onRemoved(); } }}
          >
            Remove
          </button>
        </div>
      </div>
      <p className="shrink-0 font-semibold text-ink">{formatRupees(item.price * item.quantity)}</p>
    </li>
  );
}

function DiscountForm() {
  const { busy, discountError, applyCode } = useCart();
  const [code, setCode] = useState('');
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) void applyCode(code);
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <label htmlFor="cart-discount-code" className="mb-1 block text-sm font-medium text-ink">Discount code</label>
      <div className="flex gap-2">
        <input
          id="cart-discount-code" name="code" autoComplete="off" value={code} readOnly={busy}
          onChange={(e) => setCode(e.target.value)} aria-invalid={discountError ? true : undefined} aria-describedby="cart-discount-error"
          className="min-w-0 flex-1 rounded-full border border-brand-200 bg-white px-4 py-2 text-ink"
        />
        <button type="submit" aria-disabled={busy} className="btn-secondary py-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-60">Apply</button>
      </div>
      <p id="cart-discount-error" role="alert" className="mt-1 min-h-5 text-sm font-medium text-red-700">{discountError}</p>
    </form>
  );
}

function CartSummary() {
  const { busy, pricing, totals, discount, pricingError, notes } = useCart();
  const subtotal = pricing?.subtotal ?? totals.totalPrice;
  const total = pricing?.total ?? totals.totalPrice;
  return (
    <div className="space-y-3 border-t border-brand-100 px-5 py-4">
      <DiscountForm />
      <p className="flex justify-between text-sm"><span>Subtotal</span><span>{formatRupees(subtotal)}</span></p>
      {discount.status === 'applied' && (
        <p className="text-sm font-medium text-leaf-700">{discount.code} applied: −{formatRupees(discount.amount)}</p>
      )}
      <p className="flex justify-between text-lg font-bold"><span>Total</span><span>{formatRupees(total)}</span></p>
      {notes.map((note) => <p key={note} className="text-sm text-gray-700">{note}</p>)}
      {pricingError && <p role="alert" className="text-sm font-medium text-red-700">{pricingError}</p>}
      {busy ? (
        <button type="button" disabled className="btn-primary w-full"><Spinner />Processing...</button>
      ) : (
        <a href="/checkout" className="btn-primary w-full">Checkout</a>
      )}
    </div>
  );
}

function EmptyCart() {
  const { isOpen } = useCart();
  const [recommendations, setRecommendations] = useState<ProductSummary[] | null>(null);
  useEffect(() => {
    if (!isOpen || recommendations) return;
    const controller = new AbortController();
    fetch(`/api/recommendations?limit=${EMPTY_CART_RECOMMENDATIONS}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() as Promise<{ items: ProductSummary[] }> : { items: [] }))
      .then((body) => setRecommendations(body.items))
      .catch(() => { /* the strip is optional: the empty cart still offers Continue Shopping */ });
    return () => controller.abort();
  }, [isOpen, recommendations]);
  return (
    <div className="flex flex-1 flex-col gap-5 overflow-y-auto px-5 py-6">
      <p className="text-center text-lg font-semibold text-ink">Your cart is empty</p>
      {recommendations && recommendations.length > 0 && (
        <section aria-labelledby="cart-recommendations-title">
          <h3 id="cart-recommendations-title" className="mb-3 font-serif text-base font-bold text-leaf-800">You may also like</h3>
          <div className="grid grid-cols-2 gap-3">
            {recommendations.map((p) => (
              <ProductCard key={p.id} id={p.id} name={p.name} thumbnail_url={p.thumbnailUrl} price={p.price} discountPrice={p.discountPrice} category={p.category} rating={p.rating} />
            ))}
          </div>
        </section>
      )}
      <a href="/shop-all" className="btn-primary self-center">Continue Shopping</a>
    </div>
  );
}

function DrawerPanel() {
  const { items, isOpen, busy, close } = useCart();
  const rootRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useModalDialog({ open: isOpen, rootRef, dialogRef, initialFocusRef: closeRef, onClose: close });

  // Visible at once on open (so focus can move in); hidden only after the slide-out on close.
  return (
    <div ref={rootRef} className={`fixed inset-0 z-[60] ${isOpen ? 'visible' : 'invisible transition-[visibility] duration-300'}`}>
      <div data-cart-backdrop onClick={close} className={`absolute inset-0 bg-ink/50 transition-opacity duration-300 ${isOpen ? 'opacity-100' : 'opacity-0'}`} />
      <div
        ref={dialogRef} id="cart-drawer" role="dialog" aria-modal="true" aria-labelledby={TITLE_ID}
        className={`absolute inset-y-0 right-0 flex w-full max-w-md flex-col bg-white shadow-2xl transition-transform duration-300 ${isOpen ? 'translate-x-0' : 'translate-x-full'}`}
      >
        <div className="flex items-center gap-3 border-b border-brand-100 px-5 py-4">
          <h2 id={TITLE_ID} ref={titleRef} tabIndex={-1} className="font-serif text-xl font-bold text-leaf-800">Your Cart</h2>
          {busy && <Spinner className="text-leaf-700" />}
          <p role="status" className="sr-only">{busy ? 'Updating cart…' : ''}</p>
          <button ref={closeRef} type="button" onClick={close} aria-label="Close cart" className="ml-auto grid h-10 w-10 place-items-center rounded-full text-2xl text-ink hover:bg-brand-100">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {items.length === 0 ? <EmptyCart /> : (
          <>
            <ul aria-busy={busy} className="flex-1 divide-y divide-brand-100 overflow-y-auto px-5">
              {items.map((item) => <CartLine key={item.id} item={item} onRemoved={() => titleRef.current?.focus()} />)}
            </ul>
            <CartSummary />
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
