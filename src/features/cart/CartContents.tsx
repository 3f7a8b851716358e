// The cart's lines and summary, as real forms posting to /cart: rendered on the server for /cart (works
// without JavaScript) and inside the drawer island, which passes `onChange` so the same forms update the
// cart in place. Every number comes from the server's quote.
import type { FormEvent, ReactNode } from 'react';
import { formatRupees } from '../../lib/money';
import PriceBreakup from '../checkout/PriceBreakup';
import { breakupOf, type Quote, type QuoteLine } from '../pricing/quote';
import { changeFromToken, changeToken } from './cart-change-token';
import type { CartChange, CartView } from './cart.schema';

export const PLACEHOLDER_IMAGE = '/placeholder.png';

export interface CartFormsProps {
  /** Inside the checkout page: no forms of their own, the buttons submit the checkout form (whose
   * handler applies the change), so what the shopper typed there is kept without JavaScript too. */
  formId?: string;
  /** Set by an island: the forms call it instead of posting. */
  onChange?: (change: CartChange) => void;
  busy?: boolean;
}

/** A form posting to /cart (or, with formId, a group of buttons submitting that form). */
function CartForm({
  formId,
  onChange,
  busy,
  className,
  children,
  label,
}: CartFormsProps & { className?: string; children: ReactNode; label?: string }) {
  if (formId)
    return (
      // biome-ignore lint/a11y/useSemanticElements: buttons that submit another form, not a fieldset of this one
      <div role="group" aria-label={label} className={className}>
        {children}
      </div>
    );
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!onChange) return;
    event.preventDefault();
    const token = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
    if (busy || !token) return;
    onChange(changeFromToken(token, String(new FormData(event.currentTarget).get('code') ?? '')));
  }
  return (
    <form method="post" action="/cart" onSubmit={onSubmit} className={className} aria-label={label}>
      {children}
    </form>
  );
}

/** The button that asks for one change (its value carries the change). */
function ChangeButton({
  change,
  formId,
  busy,
  className,
  label,
  disabled,
  children,
}: Pick<CartFormsProps, 'formId' | 'busy'> & {
  change: CartChange;
  className: string;
  label?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name="change"
      value={changeToken(change)}
      form={formId}
      formNoValidate={formId ? true : undefined}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-label={label}
      className={className}
    >
      {children}
    </button>
  );
}

const stepperClass =
  'grid h-9 w-9 place-items-center rounded-full text-lg font-bold text-leaf-800 hover:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-40 aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

function CartLineItem({ line, ...forms }: CartFormsProps & { line: QuoteLine }) {
  const key = { productId: line.productId, months: line.months };
  const buttons = { formId: forms.formId, busy: forms.busy };
  return (
    <li className="flex gap-3 py-4" data-cart-line={line.id}>
      <img
        src={line.image || PLACEHOLDER_IMAGE}
        data-fallback={PLACEHOLDER_IMAGE}
        alt=""
        width={72}
        height={72}
        className="h-18 w-18 shrink-0 rounded-lg bg-brand-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold leading-snug text-ink">
          <a href={`/product/${line.productId}`} className="hover:underline">
            {line.name}
          </a>
        </p>
        <p className="text-sm text-gray-700">
          {line.label} · {formatRupees(line.unitPrice)}
          <span className="sr-only"> each</span>
        </p>
        {line.freeUnits > 0 && (
          <p className="text-sm font-semibold text-leaf-700">Buy 1 Get 1 Free: {line.freeUnits} free</p>
        )}
        {line.hint && <p className="text-sm font-medium text-brand-700">{line.hint}</p>}
        {line.stockNote && (
          <p className={`text-sm font-medium ${line.overStock ? 'text-red-700' : 'text-brand-700'}`}>
            {line.stockNote}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <CartForm
            {...forms}
            label={`Quantity of ${line.name}`}
            className="inline-flex items-center rounded-full border border-brand-200"
          >
            {/* Spec §5: the decrease button is disabled at quantity 1. */}
            <ChangeButton
              {...buttons}
              change={{ intent: 'set', ...key, quantity: line.quantity - 1 }}
              disabled={line.quantity <= 1}
              label={`Decrease quantity of ${line.name}`}
              className={stepperClass}
            >
              <span aria-hidden="true">−</span>
            </ChangeButton>
            <span className="min-w-8 text-center font-semibold tabular-nums">{line.quantity}</span>
            <ChangeButton
              {...buttons}
              change={{ intent: 'set', ...key, quantity: line.quantity + 1 }}
              label={`Increase quantity of ${line.name}`}
              className={stepperClass}
            >
              <span aria-hidden="true">+</span>
            </ChangeButton>
          </CartForm>
          <CartForm {...forms}>
            <ChangeButton
              {...buttons}
              change={{ intent: 'remove', ...key }}
              label={`Remove ${line.name}`}
              className="rounded text-sm font-medium text-red-700 underline underline-offset-2 hover:text-red-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            >
              Remove
            </ChangeButton>
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
      {quote.lines.map((line) => (
        <CartLineItem key={line.id} line={line} {...forms} />
      ))}
    </ul>
  );
}

/** Apply a code (kept on the cart until removed), or take the applied one off. */
export function DiscountCodeForm({
  quote,
  error,
  idPrefix,
  ...forms
}: CartFormsProps & { quote: Quote; error?: string | null; idPrefix: string }) {
  // A kept code may give nothing (below its minimum, used up): it is shown with why, and can be removed.
  const applied = quote.code && quote.code.status !== 'invalid' ? quote.code : null;
  const giving = applied?.status === 'applied' || applied?.status === 'outbid';
  const message = error ?? quote.code?.message ?? null;
  const inputId = `${idPrefix}-discount-code`;
  const messageId = `${idPrefix}-discount-message`;
  const buttons = { formId: forms.formId, busy: forms.busy };
  return (
    <div>
      <CartForm {...forms}>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-ink">
          Discount code
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            name="code"
            form={forms.formId}
            autoComplete="off"
            maxLength={64}
            defaultValue={applied?.code.toUpperCase() ?? ''}
            aria-invalid={message && !applied ? true : undefined}
            aria-describedby={messageId}
            className="min-w-0 flex-1 rounded-full border border-brand-200 bg-white px-4 py-2 text-ink"
          />
          <ChangeButton {...buttons} change={{ intent: 'code', code: '' }} className="btn-secondary py-2">
            Apply
          </ChangeButton>
        </div>
      </CartForm>
      <p
        id={messageId}
        role="alert"
        className={`mt-1 min-h-5 text-sm font-medium ${giving && !error ? 'text-gray-700' : 'text-red-700'}`}
      >
        {message}
      </p>
      {applied && (
        <CartForm {...forms} className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-leaf-700">
            {applied.code.toUpperCase()}
            {giving ? ' applied' : ''}
          </p>
          <ChangeButton
            {...buttons}
            change={{ intent: 'remove-code' }}
            className="text-sm font-medium text-red-700 underline underline-offset-2"
          >
            Remove code
          </ChangeButton>
        </CartForm>
      )}
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
          {quote.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Lines the store took out of the cart since the shopper last saw it. */
export function DroppedNotes({ view }: { view: CartView }) {
  return view.dropped.length ? (
    <div role="status" className="space-y-1">
      {view.dropped.map((d) => (
        <p key={`${d.productId}:${d.months}`} className="text-sm font-medium text-red-700">
          {d.note}
        </p>
      ))}
    </div>
  ) : null;
}
