// The cart's lines and summary, as real forms posting to /cart: rendered on the server for /cart (works
// without JavaScript) and inside the drawer island, which passes `onChange` so the same forms update the
// cart in place. Every number comes from the server's quote.
import type { FormEvent, ReactNode } from 'react';
import { formatRupees } from '../../lib/money';
import PriceBreakup from '../checkout/PriceBreakup';
import { breakupOf, type Quote, type QuoteLine } from '../pricing/quote';
import type { CartChange, CartView } from './cart.schema';

export const PLACEHOLDER_IMAGE = '/placeholder.png';

export interface CartFormsProps {
  /** Where a form posted without JavaScript comes back to. */
  back?: 'cart' | 'checkout';
  /** Set by an island: the forms call it instead of posting. */
  onChange?: (change: CartChange) => void;
  busy?: boolean;
}

/** A form posting one cart change; `change` builds it from the pressed button's value when an island handles it. */
function CartForm({ change, back, onChange, busy, className, children, label }: CartFormsProps & {
  change: (form: HTMLFormElement, submitterValue: string) => CartChange; className?: string; children: ReactNode; label?: string;
}) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!onChange) return;
    event.preventDefault();
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    onChange(change(event.currentTarget, submitter?.getAttribute('value') ?? ''));
  }
  return (
    <form method="post" action="/cart" onSubmit={onSubmit} className={className} aria-label={label}>
      {back === 'checkout' && <input type="hidden" name="back" value="checkout" />}
      {children}
    </form>
  );
}

const stepperClass = 'grid h-9 w-9 place-items-center rounded-full text-lg font-bold text-leaf-800 hover:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-40 aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

function CartLineItem({ line, ...forms }: CartFormsProps & { line: QuoteLine }) {
  const key = { productId: line.productId, months: line.months };
  const hidden = (
    <>
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="months" value={line.months} />
    </>
  );
  return (
    <li className="flex gap-3 py-4" data-cart-line={line.id}>
      <img src={line.image || PLACEHOLDER_IMAGE} data-fallback={PLACEHOLDER_IMAGE} alt="" width={72} height={72}
        className="h-18 w-18 shrink-0 rounded-lg bg-brand-100 object-cover" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold leading-snug text-ink"><a href={`/product/${line.productId}`} className="hover:underline">{line.name}</a></p>
        <p className="text-sm text-gray-700">{line.label} · {formatRupees(line.unitPrice)}<span className="sr-only"> each</span></p>
        {line.freeUnits > 0 && <p className="text-sm font-semibold text-leaf-700">Buy 1 Get 1 Free: {line.freeUnits} free</p>}
        {line.hint && <p className="text-sm font-medium text-brand-700">{line.hint}</p>}
        {line.stockNote && <p className={`text-sm font-medium ${line.overStock ? 'text-red-700' : 'text-brand-700'}`}>{line.stockNote}</p>}
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <CartForm {...forms} label={`Quantity of ${line.name}`} className="inline-flex items-center rounded-full border border-brand-200"
            change={(_, value) => ({ intent: 'set', ...key, quantity: Number(value) })}>
            <input type="hidden" name="intent" value="set" />
            {hidden}
            {/* Spec §5: the decrease button is disabled at quantity 1. */}
            <button type="submit" name="quantity" value={line.quantity - 1} disabled={line.quantity <= 1} aria-disabled={forms.busy || undefined}
              aria-label={`Decrease quantity of ${line.name}`} className={stepperClass}><span aria-hidden="true">−</span></button>
            <span className="min-w-8 text-center font-semibold tabular-nums" aria-label={`Quantity ${line.quantity}`}>{line.quantity}</span>
            <button type="submit" name="quantity" value={line.quantity + 1} aria-disabled={forms.busy || undefined}
              aria-label={`Increase quantity of ${line.name}`} className={stepperClass}><span aria-hidden="true">+</span></button>
          </CartForm>
          <CartForm {...forms} change={() => ({ intent: 'remove', ...key })}>
            <input type="hidden" name="intent" value="remove" />
            {hidden}
            <button type="submit" aria-label={`Remove ${line.name}`} aria-disabled={forms.busy || undefined}
              className="rounded text-sm font-medium text-red-700 underline underline-offset-2 hover:text-red-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-50">
              Remove
            </button>
          </CartForm>
        </div>
      </div>
      <p className="shrink-0 font-semibold text-ink">{formatRupees(line.lineTotal)}</p>
    </li>
  );
}

export function CartLineList({ quote, ...forms }: CartFormsProps & { quote: Quote }) {
  return (
    <ul aria-busy={forms.busy || undefined} className="divide-y divide-brand-100">
      {quote.lines.map((line) => <CartLineItem key={line.id} line={line} {...forms} />)}
    </ul>
  );
}

/** Apply a code (kept on the cart until removed), or take the applied one off. */
export function DiscountCodeForm({ quote, error, idPrefix, ...forms }: CartFormsProps & { quote: Quote; error?: string | null; idPrefix: string }) {
  const applied = quote.code && quote.code.status !== 'invalid' ? quote.code : null;
  const message = error ?? quote.code?.message ?? null;
  const inputId = `${idPrefix}-discount-code`;
  const messageId = `${idPrefix}-discount-message`;
  return (
    <div>
      {applied ? (
        <CartForm {...forms} className="flex flex-wrap items-center justify-between gap-2" change={() => ({ intent: 'remove-code' })}>
          <input type="hidden" name="intent" value="remove-code" />
          <p className="text-sm font-medium text-leaf-700">Code {applied.code.toUpperCase()} {applied.status === 'applied' ? 'applied' : 'saved'}</p>
          <button type="submit" aria-disabled={forms.busy || undefined} className="text-sm font-medium text-red-700 underline underline-offset-2">Remove code</button>
        </CartForm>
      ) : (
        <CartForm {...forms} change={(form) => ({ intent: 'code', code: String(new FormData(form).get('code') ?? '') })}>
          <input type="hidden" name="intent" value="code" />
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-ink">Discount code</label>
          <div className="flex gap-2">
            <input id={inputId} name="code" autoComplete="off" maxLength={64} defaultValue={quote.code?.code ?? ''}
              aria-invalid={message ? true : undefined} aria-describedby={messageId}
              className="min-w-0 flex-1 rounded-full border border-brand-200 bg-white px-4 py-2 text-ink" />
            <button type="submit" aria-disabled={forms.busy || undefined} className="btn-secondary py-2">Apply</button>
          </div>
        </CartForm>
      )}
      <p id={messageId} role="alert" className={`mt-1 min-h-5 text-sm font-medium ${quote.code?.status === 'outbid' && !error ? 'text-gray-700' : 'text-red-700'}`}>{message}</p>
    </div>
  );
}

/** Breakup and the notes that explain it (offer, shipping, first order). */
export function QuoteSummary({ quote }: { quote: Quote }) {
  return (
    <div className="space-y-2">
      <PriceBreakup breakup={breakupOf(quote)} />
      {quote.notes.length > 0 && (
        <ul className="space-y-1 text-sm text-gray-700" aria-label="About your total">
          {quote.notes.map((note) => <li key={note}>{note}</li>)}
        </ul>
      )}
    </div>
  );
}

/** Lines the store took out of the cart since the shopper last saw it. */
export function DroppedNotes({ view }: { view: CartView }) {
  return view.dropped.length ? (
    <div role="status" className="space-y-1">{view.dropped.map((d) => <p key={`${d.productId}:${d.months}`} className="text-sm font-medium text-red-700">{d.note}</p>)}</div>
  ) : null;
}
