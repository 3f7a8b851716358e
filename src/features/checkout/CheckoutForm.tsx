// The checkout form. Server-rendered as a plain form posting to /checkout (works before JS, with the
// lines it was rendered with); hydrated, it takes the lines from the browser cart, shows the server's
// price breakup, places the order through /api/checkout and empties the cart only once that succeeded.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CHECKOUT_MESSAGES, FIRST_ORDER_PERCENT, type CheckoutErrors } from '../../lib/checkout';
import { INDIAN_STATES_AND_UTS } from '../../lib/india';
import { formatRupees } from '../../lib/money';
import { monthsLabel } from '../../lib/plans';
import type { CartLineInput } from '../cart/cart.schema';
import { $cart, clearCart } from '../cart/cart.store';
import { lineMonths } from '../cart/server-prices';
import { useClientStore, useHydrated } from '../cart/use-client-store';
import { typedBeforeHydration } from '../ui/typed-before-hydration';
import type { CheckoutQuoteResult } from './checkout.server';
import { lineToken } from './checkout.schema';
import { REWARDS, rupeesForPoints } from '../../lib/rewards';
import PriceBreakup from './PriceBreakup';

export const CHECKOUT_FORM_ID = 'checkout-form';
export const CHECKOUT_FIELDS = ['email', 'phone', 'name', 'line1', 'line2', 'city', 'state', 'pin', 'code'] as const;
export type CheckoutValues = Record<(typeof CHECKOUT_FIELDS)[number], string>;

interface Props {
  idempotencyKey: string;
  initial: CheckoutValues;
  errors?: CheckoutErrors;
  message?: string;
  /** Lines the page was rendered with (a posted form or ?add=); when empty the browser cart is used. */
  formLines: CartLineInput[];
  serverQuote: CheckoutQuoteResult | null;
  signedIn: boolean;
  /** The signed-in customer's reward points (0 for guests). */
  pointsBalance: number;
  usePoints: boolean;
}

const NO_CART: never[] = [];

function startingValues(initial: CheckoutValues): CheckoutValues {
  const typed = typedBeforeHydration(CHECKOUT_FORM_ID);
  const values = { ...initial };
  for (const key of CHECKOUT_FIELDS) if (typed[key]) values[key] = typed[key];
  return values;
}

export default function CheckoutForm({ idempotencyKey, initial, errors: serverErrors = {}, message: serverMessage, formLines, serverQuote, signedIn, pointsBalance, usePoints: initialUsePoints }: Props) {
  const hydrated = useHydrated();
  const cart = useClientStore($cart, NO_CART);
  const fromCart = formLines.length === 0;
  const items: CartLineInput[] = fromCart
    ? cart.map((item) => ({ productId: item.productId, months: lineMonths(item), quantity: item.quantity }))
    : formLines;
  const itemsKey = items.map(lineToken).join(',');

  const [values, setValues] = useState<CheckoutValues>(() => startingValues(initial));
  const [errors, setErrors] = useState<CheckoutErrors>(serverErrors);
  const [message, setMessage] = useState(serverMessage);
  const [appliedCode, setAppliedCode] = useState(initial.code);
  const [usePoints, setUsePoints] = useState(initialUsePoints);
  const [quote, setQuote] = useState(serverQuote);
  const [quoteFailed, setQuoteFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const alertRef = useRef<HTMLParagraphElement>(null);

  // The server prices every change of lines or code; a stale answer never overwrites a newer one.
  useEffect(() => {
    if (!hydrated) return;
    if (!itemsKey) { setQuote(null); return; }
    const controller = new AbortController();
    fetch('/api/checkout/quote', {
      method: 'POST', headers: { 'content-type': 'application/json' }, signal: controller.signal,
      body: JSON.stringify({ items, usePoints, ...(appliedCode.trim() ? { code: appliedCode } : {}) }),
    })
      .then((r) => { if (!r.ok) throw new Error(String(r.status)); return r.json() as Promise<CheckoutQuoteResult>; })
      .then((q) => { setQuote(q); setQuoteFailed(false); })
      .catch(() => { if (!controller.signal.aborted) setQuoteFailed(true); });
    return () => controller.abort();
  }, [hydrated, itemsKey, appliedCode, usePoints]); // itemsKey stands for items (a new array every render)

  const set = (field: keyof CheckoutValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The Apply button asks for a new quote only.
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'quote') { setAppliedCode(values.code); return; }
    if (submitting) return;
    if (!items.length) { setErrors({ cart: CHECKOUT_MESSAGES.emptyCart }); return; }
    setSubmitting(true);
    setMessage(undefined);
    const { email, phone, code, ...address } = values;
    try {
      const response = await fetch('/api/checkout', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, phone, code, address, items, idempotencyKey, usePoints }),
      });
      const result = await response.json() as { ok: true; url: string } | { ok: false; errors: CheckoutErrors; message: string };
      if (result.ok) {
        if (fromCart) clearCart();
        window.location.assign(result.url);
        return; // stays 'Placing order...' until the confirmation page opens
      }
      setErrors(result.errors);
      setMessage(result.message);
    } catch {
      setMessage(CHECKOUT_MESSAGES.failed);
    }
    setSubmitting(false);
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  const field = 'mt-1 w-full rounded-lg border bg-white px-3 py-2.5 text-ink';
  const border = (bad: boolean) => (bad ? 'border-red-600 ring-1 ring-red-600' : 'border-gray-500');
  const errorId = (name: string) => `checkout-${name}-error`;
  const invalidProps = (name: keyof CheckoutErrors) => ({
    'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? errorId(name) : undefined,
  });
  const fieldError = (name: keyof CheckoutErrors) => errors[name]
    ? <p id={errorId(name)} className="mt-1 text-sm font-medium text-red-700">{errors[name]}</p> : null;
  const textField = (name: Exclude<keyof CheckoutValues, 'state' | 'code'>, label: ReactNode, extra: Record<string, unknown> = {}, wide = false) => (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={`checkout-${name}`} className="font-medium">{label}</label>
      <input id={`checkout-${name}`} name={name} value={values[name]} onChange={(e) => set(name)(e.target.value)}
        className={`${field} ${border(!!errors[name])}`} {...invalidProps(name)} {...extra} />
      {fieldError(name)}
    </div>
  );

  const cartUnknown = fromCart && !hydrated;
  const cartEmpty = !cartUnknown && items.length === 0;

  return (
    <form id={CHECKOUT_FORM_ID} action="/checkout" method="post" onSubmit={onSubmit} noValidate={hydrated}
      className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {items.map((line) => <input key={lineToken(line)} type="hidden" name="line" value={lineToken(line)} />)}

      <div className="space-y-6">
        {message && <p ref={alertRef} tabIndex={-1} role="alert" className="rounded-lg bg-red-50 p-4 font-medium text-red-800">{message}</p>}
        <fieldset className="grid gap-5 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2">
          <legend className="float-left mb-1 font-serif text-xl font-bold text-leaf-800 sm:col-span-2">Contact</legend>
          {textField('email', 'Email', { type: 'email', required: true, autoComplete: 'email', maxLength: 254 })}
          {textField('phone', <>Mobile number <span className="font-normal text-gray-700">(10 digits)</span></>, { type: 'tel', required: true, autoComplete: 'tel', inputMode: 'tel', maxLength: 20 })}
        </fieldset>

        <fieldset className="grid gap-5 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2">
          <legend className="float-left mb-1 font-serif text-xl font-bold text-leaf-800 sm:col-span-2">Shipping address</legend>
          {textField('name', 'Full name', { required: true, autoComplete: 'name', maxLength: 120 }, true)}
          {textField('line1', 'House, street, area', { required: true, autoComplete: 'address-line1', maxLength: 200 }, true)}
          {textField('line2', <>Landmark, apartment <span className="font-normal text-gray-700">(optional)</span></>, { autoComplete: 'address-line2', maxLength: 200 }, true)}
          {textField('city', 'City or town', { required: true, autoComplete: 'address-level2', maxLength: 100 })}
          <div>
            <label htmlFor="checkout-state" className="font-medium">State or union territory</label>
            <select id="checkout-state" name="state" required autoComplete="address-level1" value={values.state} onChange={(e) => set('state')(e.target.value)}
              className={`${field} ${border(!!errors.state)}`} {...invalidProps('state')}>
              <option value="">Choose…</option>
              {INDIAN_STATES_AND_UTS.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
            {fieldError('state')}
          </div>
          {textField('pin', 'PIN code', { required: true, autoComplete: 'postal-code', inputMode: 'numeric', pattern: '[1-9][0-9]{5}', maxLength: 6 })}
        </fieldset>

        <fieldset className="rounded-2xl bg-white p-6 shadow-sm">
          <legend className="float-left mb-3 font-serif text-xl font-bold text-leaf-800">Payment</legend>
          <label className="clear-left flex items-center gap-3 rounded-lg border border-leaf-700 p-4 font-medium">
            <input type="radio" name="payment" value="cod" defaultChecked className="h-5 w-5 accent-leaf-700" />
            Cash on Delivery
          </label>
          <p className="mt-2 text-sm text-gray-700">Pay in cash when your order arrives. We call to confirm cash-on-delivery orders before dispatch.</p>
        </fieldset>
      </div>

      <aside aria-labelledby="checkout-summary-title" className="h-fit space-y-4 rounded-2xl bg-white p-6 shadow-sm lg:sticky lg:top-24">
        <h2 id="checkout-summary-title" className="font-serif text-xl font-bold text-leaf-800">Order summary</h2>
        {cartUnknown && <p className="text-gray-700">Loading your cart…</p>}
        {cartEmpty && (
          <div className="space-y-3">
            <p className="font-medium text-ink">{CHECKOUT_MESSAGES.emptyCart}</p>
            <a href="/shop-all" className="btn-secondary">Continue Shopping</a>
          </div>
        )}
        {!cartEmpty && quote && (
          <>
            <ul className="divide-y divide-brand-100">
              {quote.lines.map((line) => (
                <li key={`${line.productId}:${line.months}`} className="flex justify-between gap-3 py-2 text-sm">
                  <span>{line.name} <span className="text-gray-700">({monthsLabel(line.months)}) × {line.quantity}</span></span>
                  <span className="font-medium">{formatRupees(line.lineTotal)}</span>
                </li>
              ))}
            </ul>
            {quote.dropped.map((d) => <p key={`${d.productId}:${d.months}`} className="text-sm font-medium text-red-700">{d.note}</p>)}
            <PriceBreakup breakup={quote.breakup} />
            {quote.offerNote && <p className="text-sm text-gray-700">{quote.offerNote}</p>}
          </>
        )}
        {quoteFailed && <p role="alert" className="text-sm font-medium text-red-700">We could not price your cart. Please try again.</p>}
        {fieldError('cart')}

        <div>
          <label htmlFor="checkout-code" className="mb-1 block text-sm font-medium">Discount code</label>
          <div className="flex gap-2">
            <input id="checkout-code" name="code" autoComplete="off" value={values.code} onChange={(e) => set('code')(e.target.value)}
              className="min-w-0 flex-1 rounded-full border border-brand-200 bg-white px-4 py-2 text-ink"
              aria-invalid={errors.code || quote?.codeMessage ? true : undefined} aria-describedby="checkout-code-error" />
            <button type="submit" name="intent" value="quote" formNoValidate className="btn-secondary py-2">Apply</button>
          </div>
          <p id="checkout-code-error" role="status" className="mt-1 min-h-5 text-sm font-medium text-red-700">{errors.code ?? quote?.codeMessage}</p>
          <p className="text-sm text-gray-700">One offer per order: we apply the one that saves you most.</p>
          {pointsBalance >= REWARDS.pointsPerRupeeRedeemed && (
            <label className="mt-3 flex items-start gap-2 text-sm text-ink">
              <input type="checkbox" name="usePoints" checked={usePoints} onChange={(e) => setUsePoints(e.target.checked)} className="mt-0.5 h-4 w-4" />
              <span>Pay with my reward points ({pointsBalance.toLocaleString('en-IN')} points, worth {formatRupees(rupeesForPoints(pointsBalance))})</span>
            </label>
          )}
          {!signedIn && (
            <p className="mt-1 text-sm text-gray-700">
              <a href="/sign-in?redirect=%2Fcheckout" className="font-semibold text-leaf-800 underline underline-offset-2">Sign in</a> for {FIRST_ORDER_PERCENT}% off your first order.
            </p>
          )}
        </div>

        <button type="submit" name="intent" value="place" className="btn-primary w-full" disabled={submitting || (hydrated && cartEmpty)}>
          {submitting ? 'Placing order...' : 'Place Order'}
        </button>
      </aside>
    </form>
  );
}
