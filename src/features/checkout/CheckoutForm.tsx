// The checkout page: contact and address form, and the order summary from the server cart. Without
// JavaScript (or before it loads) everything is a real form: the order form posts to /checkout, the
// summary's quantity and code forms post to /cart and come back here. Hydrated, the island places the
// order through /api/checkout and updates the cart in place; every number is the server's quote.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CHECKOUT_MESSAGES, type CheckoutErrors } from '../../lib/checkout';
import { INDIAN_STATES_AND_UTS } from '../../lib/india';
import { formatRupees } from '../../lib/money';
import { REWARDS, rupeesForPoints } from '../../lib/rewards';
import { CartLineList, DiscountCodeForm, DroppedNotes, QuoteSummary } from '../cart/CartContents';
import { changeFromToken } from '../cart/cart-change-token';
import type { CartChange, CartView } from '../cart/cart.schema';
import { $cartBusy, CART_FAILED_MESSAGE, fetchCart, forgetCartCopy, sendCartChange } from '../cart/cart.store';
import { useHydrated } from '../cart/use-client-store';
import { useStore } from '@nanostores/react';
import { checkedBeforeHydration, typedBeforeHydration } from '../ui/typed-before-hydration';
import type { PinCheck } from '../delivery/delivery-estimate';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../lib/payments';
import { openGatewayCheckout, type GatewayCheckout } from '../payments/gateway-checkout';
import { usePinFill } from '../delivery/use-pin-fill';
import SavedAddressPicker from '../addresses/SavedAddressPicker';
import { CONSENT_PURPOSE_TEXT } from '../privacy/consent';
import { shareCartContact } from '../reminders/cart-contact';
import type { SavedAddress } from '../addresses/address.schema';

export const CHECKOUT_FORM_ID = 'checkout-form';
export const CHECKOUT_FIELDS = ['email', 'phone', 'name', 'line1', 'line2', 'city', 'state', 'pin', 'gstin'] as const;
export type CheckoutValues = Record<(typeof CHECKOUT_FIELDS)[number], string>;

interface Props {
  idempotencyKey: string;
  initial: CheckoutValues;
  errors?: CheckoutErrors;
  message?: string;
  /** The shopper's cart as the server priced it for this page. */
  view: CartView;
  signedIn: boolean;
  /** The signed-in customer's reward points (0 for guests). */
  pointsBalance: number;
  usePoints: boolean;
  /** "Send me order updates on WhatsApp" as posted (unticked by default). */
  whatsappUpdates?: boolean;
  /** The refill and cart reminders box as posted (unticked by default). */
  reminders?: boolean;
  /** The server's delivery check for the PIN in the form (after a post). */
  pinCheck?: PinCheck | null;
  paymentMethod: PaymentMethod;
  /** A signed-in customer's address book, and the one filled in. */
  savedAddresses?: SavedAddress[];
  chosenAddressId?: number | null;
  /** Paying online is offered, whether through the built-in test gateway (no real money), and the
   *  largest order cash on delivery takes. */
  online: { available: boolean; testMode: boolean; codMaxTotal: number | null };
}

const paymentMethodOf = (chosen: string | undefined, fallback: PaymentMethod): PaymentMethod =>
  chosen === 'online' || chosen === 'cod' ? chosen : fallback;

function startingValues(initial: CheckoutValues): CheckoutValues {
  const typed = typedBeforeHydration(CHECKOUT_FORM_ID);
  const values = { ...initial };
  for (const key of CHECKOUT_FIELDS) if (typed[key]) values[key] = typed[key];
  return values;
}

export default function CheckoutForm({
  idempotencyKey,
  initial,
  errors: serverErrors = {},
  message: serverMessage,
  view: serverView,
  signedIn,
  pointsBalance,
  usePoints: initialUsePoints,
  whatsappUpdates: initialWhatsappUpdates = false,
  reminders: initialReminders = false,
  pinCheck: serverPinCheck = null,
  paymentMethod: initialPaymentMethod,
  online,
  savedAddresses = [],
  chosenAddressId = null,
}: Props) {
  const hydrated = useHydrated();
  const cartBusy = useStore($cartBusy);
  const [view, setView] = useState(serverView);
  const [values, setValues] = useState<CheckoutValues>(() => startingValues(initial));
  const [errors, setErrors] = useState<CheckoutErrors>(serverErrors);
  const [message, setMessage] = useState(serverMessage);
  const [codeError, setCodeError] = useState<string | null>(null);
  // Ticks and the way of paying chosen before this script ran are kept, like the typed fields.
  const [usePoints, setUsePoints] = useState(() =>
    checkedBeforeHydration(CHECKOUT_FORM_ID, 'usePoints', initialUsePoints),
  );
  const [whatsappUpdates, setWhatsappUpdates] = useState(() =>
    checkedBeforeHydration(CHECKOUT_FORM_ID, 'whatsappUpdates', initialWhatsappUpdates),
  );
  const [reminders, setReminders] = useState(() =>
    checkedBeforeHydration(CHECKOUT_FORM_ID, 'reminders', initialReminders),
  );
  const [submitting, setSubmitting] = useState(false);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(() =>
    paymentMethodOf(typedBeforeHydration(CHECKOUT_FORM_ID).paymentMethod, initialPaymentMethod),
  );
  const alertRef = useRef<HTMLParagraphElement>(null);
  const { quote } = view;
  // The server priced the page for its own starting choices; a different one kept from before hydration
  // is priced again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    if (usePoints !== initialUsePoints || paymentMethod !== initialPaymentMethod) void refresh();
  }, []);

  /** The cart as the server now prices it for this checkout (points and the way of paying included). */
  async function refresh(points = usePoints, method = paymentMethod) {
    try {
      setView(await fetchCart({ usePoints: points, paymentMethod: method }));
    } catch {
      setMessage(CART_FAILED_MESSAGE);
    }
  }

  async function changeCart(change: CartChange) {
    setCodeError(null);
    setErrors((e) => ({ ...e, cart: undefined, code: undefined }));
    try {
      const { error } = await sendCartChange(change);
      if (change.intent === 'code') setCodeError(error);
      else if (error) setErrors((e) => ({ ...e, cart: error }));
      await refresh();
    } catch {
      setMessage(CART_FAILED_MESSAGE);
    }
  }

  const set = (field: keyof CheckoutValues) => (value: string) => {
    pin.touched(field);
    if (field !== 'email' && field !== 'gstin') setChosenAddress(null); // no longer the saved one as it was
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const pin = usePinFill(setValues, {
    initial: serverPinCheck,
    onFound: () => setErrors((e) => ({ ...e, city: undefined, state: undefined })),
  });
  const pinCheck = pin.check;
  const [chosenAddress, setChosenAddress] = useState(chosenAddressId);
  function chooseAddress(address: SavedAddress) {
    setChosenAddress(address.id);
    const { name, phone, line1, line2, city, state, pin: code } = address;
    setValues((v) => ({ ...v, name, phone, line1, line2, city, state, pin: code }));
    setErrors((e) => ({
      ...e,
      name: undefined,
      phone: undefined,
      line1: undefined,
      city: undefined,
      state: undefined,
      pin: undefined,
    }));
    pin.typed(code);
  }
  const setPin = (value: string) => {
    set('pin')(value);
    pin.typed(value);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The summary's quantity, remove and code buttons submit this form too: they change the cart.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute('name') === 'checkPin') {
      void pin.lookUp(values.pin.trim());
      return;
    }
    if (submitter?.getAttribute('name') === 'change') {
      if (!cartBusy)
        void changeCart(
          changeFromToken(
            submitter.getAttribute('value') ?? '',
            String(new FormData(event.currentTarget).get('code') ?? ''),
          ),
        );
      return;
    }
    if (submitting || cartBusy) return;
    if (!quote.lines.length) {
      setErrors({ cart: CHECKOUT_MESSAGES.emptyCart });
      return;
    }
    setSubmitting(true);
    setMessage(undefined);
    const { email, phone, gstin, ...address } = values;
    try {
      const response = await fetch('/api/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          phone,
          address,
          gstin,
          idempotencyKey,
          usePoints,
          whatsappUpdates,
          reminders,
          expectedTotal: quote.total,
          paymentMethod,
        }),
      });
      const result = (await response.json()) as
        | { ok: true; url: string; checkout?: GatewayCheckout }
        | { ok: false; errors: CheckoutErrors; message: string };
      if (result.ok) {
        forgetCartCopy(); // the server emptied the cart with the order
        // Paid online: the gateway's checkout opens over this page; closed or done, the order page follows.
        window.location.assign(result.checkout ? await openGatewayCheckout(result.checkout, result.url) : result.url);
        return; // stays 'Placing order...' until the confirmation page opens
      }
      setErrors(result.errors);
      setMessage(result.message);
      // The cart or its total moved on (stock, another tab): show what it is now.
      if (response.status === 409) await refresh();
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
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? errorId(name) : undefined,
  });
  const fieldError = (name: keyof CheckoutErrors) =>
    errors[name] ? (
      <p id={errorId(name)} className="mt-1 text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const textField = (
    name: Exclude<keyof CheckoutValues, 'state'>,
    label: ReactNode,
    extra: Record<string, unknown> = {},
    wide = false,
  ) => (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={`checkout-${name}`} className="font-medium">
        {label}
      </label>
      <input
        id={`checkout-${name}`}
        name={name}
        value={values[name]}
        onChange={(e) => set(name)(e.target.value)}
        className={`${field} ${border(!!errors[name])}`}
        {...invalidProps(name)}
        {...extra}
      />
      {fieldError(name)}
    </div>
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <form
        id={CHECKOUT_FORM_ID}
        action="/checkout"
        method="post"
        onSubmit={onSubmit}
        noValidate={hydrated}
        className="min-w-0"
      >
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div className="space-y-6">
          {message && (
            <p ref={alertRef} tabIndex={-1} role="alert" className="rounded-lg bg-red-50 p-4 font-medium text-red-800">
              {message}
            </p>
          )}
          <fieldset className="grid min-w-0 gap-5 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2">
            <legend className="float-left mb-1 font-serif text-xl font-bold text-leaf-800 sm:col-span-2">
              Contact
            </legend>
            {textField('email', 'Email', {
              type: 'email',
              required: true,
              autoComplete: 'email',
              maxLength: 254,
              // A changed address with the reminders box ticked: the cart's reminder goes to the new one.
              onBlur: () => reminders && shareCartContact(values.email, true),
            })}
            {textField(
              'phone',
              <>
                Mobile number <span className="font-normal text-gray-700">(10 digits)</span>
              </>,
              { type: 'tel', required: true, autoComplete: 'tel', inputMode: 'tel', maxLength: 20 },
            )}
            {textField(
              'gstin',
              <>
                GSTIN for a business purchase <span className="font-normal text-gray-700">(optional)</span>
              </>,
              { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: 20 },
              true,
            )}
            <label className="flex items-start gap-2 text-sm text-ink sm:col-span-2">
              <input
                type="checkbox"
                name="whatsappUpdates"
                checked={whatsappUpdates}
                onChange={(e) => setWhatsappUpdates(e.target.checked)}
                className="mt-0.5 h-4 w-4"
              />
              <span>Send me order updates on WhatsApp</span>
            </label>
            <label className="flex items-start gap-2 text-sm text-ink sm:col-span-2">
              <input
                type="checkbox"
                name="reminders"
                checked={reminders}
                onChange={(e) => {
                  setReminders(e.target.checked);
                  shareCartContact(values.email, e.target.checked);
                }}
                className="mt-0.5 h-4 w-4"
              />
              <span>{CONSENT_PURPOSE_TEXT.shopping_reminders.wording}</span>
            </label>
          </fieldset>

          <SavedAddressPicker addresses={savedAddresses} chosenId={chosenAddress} onChoose={chooseAddress} />
          <fieldset className="grid min-w-0 gap-5 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2">
            <legend className="float-left mb-1 font-serif text-xl font-bold text-leaf-800 sm:col-span-2">
              Shipping address
            </legend>
            {textField('name', 'Full name', { required: true, autoComplete: 'name', maxLength: 120 }, true)}
            {textField(
              'line1',
              'House, street, area',
              { required: true, autoComplete: 'address-line1', maxLength: 200 },
              true,
            )}
            {textField(
              'line2',
              <>
                Landmark, apartment <span className="font-normal text-gray-700">(optional)</span>
              </>,
              { autoComplete: 'address-line2', maxLength: 200 },
              true,
            )}
            {textField('city', 'City or town', { required: true, autoComplete: 'address-level2', maxLength: 100 })}
            <div>
              <label htmlFor="checkout-state" className="font-medium">
                State or union territory
              </label>
              <select
                id="checkout-state"
                name="state"
                required
                autoComplete="address-level1"
                value={values.state}
                onChange={(e) => set('state')(e.target.value)}
                className={`${field} ${border(!!errors.state)}`}
                {...invalidProps('state')}
              >
                <option value="">Choose…</option>
                {INDIAN_STATES_AND_UTS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
              {fieldError('state')}
            </div>
            <div>
              <label htmlFor="checkout-pin" className="font-medium">
                PIN code
              </label>
              <div className="flex gap-2">
                <input
                  id="checkout-pin"
                  name="pin"
                  value={values.pin}
                  onChange={(e) => setPin(e.target.value)}
                  required
                  autoComplete="postal-code"
                  inputMode="numeric"
                  pattern="[1-9][0-9]{5}"
                  maxLength={6}
                  className={`${field} ${border(!!errors.pin)} min-w-0`}
                  {...invalidProps('pin')}
                />
                <button type="submit" name="checkPin" value="1" formNoValidate className="btn-secondary mt-1 shrink-0">
                  Check
                </button>
              </div>
              {fieldError('pin')}
              <div id="checkout-pin-delivery" role="status" className="mt-1 text-sm">
                {pinCheck &&
                  !errors.pin &&
                  (pinCheck.ok ? (
                    <>
                      <p className="font-semibold text-leaf-800">{pinCheck.text}</p>
                      <p className={pinCheck.cod ? 'text-ink' : 'font-medium text-red-700'}>{pinCheck.codText}</p>
                    </>
                  ) : (
                    <p className="font-medium text-red-700">{pinCheck.message}</p>
                  ))}
              </div>
            </div>
          </fieldset>

          <fieldset className="min-w-0 rounded-2xl bg-white p-6 shadow-sm">
            <legend className="float-left mb-3 font-serif text-xl font-bold text-leaf-800">Payment</legend>
            <div className="clear-left space-y-3">
              {(online.available ? (['online', 'cod'] as const) : (['cod'] as const)).map((method) => (
                <label
                  key={method}
                  className={`flex items-start gap-3 rounded-lg border p-4 ${paymentMethod === method ? 'border-leaf-700 ring-1 ring-leaf-700' : 'border-gray-400'}`}
                >
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={method}
                    checked={paymentMethod === method}
                    onChange={() => {
                      setPaymentMethod(method);
                      void refresh(usePoints, method);
                    }}
                    className="mt-0.5 h-5 w-5 shrink-0 accent-leaf-700"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap justify-between gap-x-3 font-medium">
                      <span>{method === 'cod' ? 'Cash on Delivery' : PAYMENT_METHOD_LABELS.online}</span>
                      <span className="font-semibold">{formatRupees(quote.totals[method])}</span>
                    </span>
                    {method === 'online' && quote.prepaidLabel && (
                      <span className="mt-1 block text-sm font-semibold text-leaf-700">
                        Save {formatRupees(quote.totals.cod - quote.totals.online)}: {quote.prepaidLabel} when you pay
                        online
                      </span>
                    )}
                    <span className="mt-1 block text-sm text-gray-700">
                      {method === 'cod'
                        ? 'Pay in cash when your order arrives. We call to confirm cash-on-delivery orders before dispatch.'
                        : 'Pay securely on the payment gateway: any UPI app on your phone (or scan its QR code on a computer), cards, netbanking or wallets. Your order is confirmed as soon as it is paid.'}
                      {method === 'cod' && online.codMaxTotal != null && quote.totals.cod > online.codMaxTotal && (
                        <span className="mt-1 block font-medium text-red-700">
                          Cash on delivery is available for orders up to {formatRupees(online.codMaxTotal)}.
                        </span>
                      )}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            {online.available && online.testMode && (
              <p className="mt-3 rounded-lg bg-yellow-100 p-3 text-sm font-semibold text-yellow-900">
                Test mode: online payments go to the store's built-in test gateway. No real money moves.
              </p>
            )}
          </fieldset>
        </div>
      </form>

      <aside
        aria-labelledby="checkout-summary-title"
        className="h-fit space-y-4 rounded-2xl bg-white p-6 shadow-sm lg:sticky lg:top-24"
      >
        <h2 id="checkout-summary-title" className="font-serif text-xl font-bold text-leaf-800">
          Order summary
        </h2>
        <DroppedNotes view={view} />
        {quote.lines.length === 0 ? (
          <div className="space-y-3">
            <p className="font-medium text-ink">{CHECKOUT_MESSAGES.emptyCart}</p>
            <a href="/shop-all" className="btn-secondary">
              Continue Shopping
            </a>
          </div>
        ) : (
          <>
            <CartLineList quote={quote} formId={CHECKOUT_FORM_ID} busy={cartBusy} />
            <DiscountCodeForm
              quote={quote}
              error={codeError ?? errors.code}
              idPrefix="checkout"
              formId={CHECKOUT_FORM_ID}
              busy={cartBusy}
            />
            {pointsBalance >= REWARDS.pointsPerRupeeRedeemed && (
              <label className="flex items-start gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  name="usePoints"
                  form={CHECKOUT_FORM_ID}
                  checked={usePoints}
                  className="mt-0.5 h-4 w-4"
                  onChange={(e) => {
                    setUsePoints(e.target.checked);
                    void refresh(e.target.checked);
                  }}
                />
                <span>
                  Pay with my reward points ({pointsBalance.toLocaleString('en-IN')} points, worth{' '}
                  {formatRupees(rupeesForPoints(pointsBalance))})
                </span>
              </label>
            )}
            <QuoteSummary quote={quote} />
            {!signedIn && (
              <p className="text-sm">
                <a
                  href="/sign-in?redirect=%2Fcheckout"
                  className="font-semibold text-leaf-800 underline underline-offset-2"
                >
                  Sign in or create an account
                </a>
              </p>
            )}
          </>
        )}
        {fieldError('cart')}
        {/* The total the shopper sees is the most the order may cost. */}
        <input type="hidden" name="expectedTotal" form={CHECKOUT_FORM_ID} value={quote.total} />
        <button
          type="submit"
          form={CHECKOUT_FORM_ID}
          className="btn-primary w-full"
          disabled={submitting || (hydrated && (cartBusy || quote.lines.length === 0 || quote.blocked))}
        >
          {submitting ? 'Placing order...' : paymentMethod === 'online' ? 'Place Order and Pay' : 'Place Order'}
        </button>
      </aside>
    </div>
  );
}
