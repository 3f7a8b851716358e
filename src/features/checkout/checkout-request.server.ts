// The checkout's requests: placing the shopper's order (the island's JSON and the page's form alike)
// and everything the /checkout page shows, including after its form was posted without JavaScript.
import type { AstroCookies } from 'astro';
import { getDb } from '../../db/client';
import type { CheckoutErrors } from '../../lib/checkout';
import type { ErrorCode } from '../../lib/errors';
import { onceMoreAfterFault } from '../../lib/database-faults';
import { readForm } from '../../lib/form-data';
import { getSessionUser } from '../auth/session.server';
import { changeFromToken } from '../cart/cart-change-token';
import { handleCartChange, readCart } from '../cart/cart-request.server';
import { currentCart, rememberCart } from '../cart/cart.server';
import type { CartView } from '../cart/cart.schema';
import type { Shopper } from '../pricing/pricing.server';
import { rewardBalance } from '../rewards/rewards.server';
import type { CheckoutValues } from './CheckoutForm';
import { placeOrder, type PlaceOrderResult } from './checkout.server';
import { newIdempotencyKey, placeOrderRequestFromForm, type PlaceOrderRequest } from './checkout.schema';
import { orderConfirmationPath } from '../orders/order-access.server';
import { contactAddress, rememberCartContact } from '../reminders/reminders.server';
import { checkPin, fillBlanksFromPin } from '../delivery/delivery.server';
import { addressBook, preferredAddress } from '../addresses/addresses.server';
import type { SavedAddress } from '../addresses/address.schema';
import { startCheckoutPayment, startHostedPayment } from '../payments/payments.server';
import { onlinePaymentAvailable, paymentTestMode } from '../payments/availability.server';
import { loadPaymentSettings } from '../payments/payment-settings.server';
import type { PaymentMethod } from '../../lib/payments';
import type { PinCheck } from '../delivery/delivery-estimate';

/**
 * Places the order for this request's cart; the browser's copy learns the cart was emptied. A connection
 * closed under it (a database restart) is tried once more: the idempotency key keeps that one order.
 */
export async function placeShopperOrder(
  cookies: AstroCookies,
  shopper: Shopper | null,
  order: PlaceOrderRequest,
): Promise<PlaceOrderResult & { url?: string }> {
  const { cart, result } = await onceMoreAfterFault(async () => {
    const cart = await currentCart({ cookies, shopper });
    // The reminders box: consent recorded and the cart's contact kept, whether or not the order goes through.
    const contact = order.reminders && contactAddress(order.email);
    if (cart && contact) await rememberCartContact(cart.id, contact);
    return { cart, result: await placeOrder(order, cart, shopper) };
  });
  if (!result.ok) return result;
  if (cart) rememberCart(cookies, cart, cart.revision + 1);
  return { ...result, url: orderConfirmationPath(result.orderNumber, result.email) };
}

/**
 * Where the shopper goes once an order paid online is placed: the gateway's hosted page (no JavaScript
 * needed), or its checkout in place for the island. If the gateway cannot be reached, the order page,
 * which says so and offers "Pay now" while the stock is held.
 */
export async function paymentStep(placed: { orderNumber: string; url?: string }, inPlace: boolean) {
  const started = inPlace
    ? await startCheckoutPayment(placed.orderNumber)
    : await startHostedPayment(placed.orderNumber);
  if (started.ok) return started;
  return { ok: false as const, url: `${placed.url}&payment=unavailable` };
}

export interface CheckoutPage {
  /** Why the post was refused (the page answers with its status). */
  refused?: ErrorCode;
  values: CheckoutValues;
  errors?: CheckoutErrors;
  message?: string;
  idempotencyKey: string;
  usePoints: boolean;
  /** "Send me order updates on WhatsApp" as the shopper left it (unticked until they tick it). */
  whatsappUpdates: boolean;
  /** The refill and cart reminders box, likewise. */
  reminders: boolean;
  view: CartView;
  pointsBalance: number;
  signedIn: boolean;
  /** The delivery check for the PIN in the form (after a post: its 'Check' button or a refused order). */
  pinCheck: PinCheck | null;
  paymentMethod: PaymentMethod;
  /** A signed-in customer's address book, and the one filled in (none after a post: the typed one is). */
  savedAddresses: SavedAddress[];
  chosenAddressId: number | null;
  /** Paying online is offered (a gateway is configured), whether it is the test gateway, and the
   *  largest order cash on delivery takes (null: any). */
  online: { available: boolean; testMode: boolean; codMaxTotal: number | null };
}

/**
 * A GET shows the cart and an empty form; a POST either changes the cart (a summary button, which
 * submits the checkout form so the typed details come back) or places the order (then `placed` is
 * the order's confirmation page).
 */
export async function checkoutPage(
  request: Request,
  cookies: AstroCookies,
): Promise<CheckoutPage | { placed: string }> {
  const user = await getSessionUser(request.headers);
  const shopper = user && { id: user.id, email: user.email };
  const savedAddresses = user ? await addressBook(user.id) : [];
  // The address asked for (a saved address's link), else the default or last used one.
  const asked = Number(new URL(request.url).searchParams.get('address') ?? '');
  const chosen = savedAddresses.find((a) => a.id === asked) ?? preferredAddress(savedAddresses);
  const page: Omit<CheckoutPage, 'view' | 'pointsBalance'> = {
    pinCheck: null,
    signedIn: !!user,
    usePoints: false,
    whatsappUpdates: false,
    reminders: false,
    // Nothing is chosen for the shopper but the way every store here has always worked (decision 0078).
    paymentMethod: 'cod',
    online: { available: onlinePaymentAvailable(), testMode: paymentTestMode(), codMaxTotal: null },
    idempotencyKey: newIdempotencyKey(),
    savedAddresses,
    chosenAddressId: chosen?.id ?? null,
    values: {
      email: user?.email ?? '',
      phone: chosen?.phone ?? '',
      name: chosen?.name ?? user?.name ?? '',
      line1: chosen?.line1 ?? '',
      line2: chosen?.line2 ?? '',
      city: chosen?.city ?? '',
      state: chosen?.state ?? '',
      pin: chosen?.pin ?? '',
      gstin: '',
    },
  };
  // The saved address filled in gets its delivery check at once.
  if (chosen) page.pinCheck = await checkPin(chosen.pin);
  if (request.method === 'POST') {
    page.pinCheck = null;
    const form = await readForm(request);
    const order = placeOrderRequestFromForm(form);
    // The typed values and key come back with any answer, so a corrected form is still one order.
    // A blank city or state comes back filled from the PIN (as the order is placed with them).
    page.values = fillBlanksFromPin({
      email: order.email,
      phone: order.phone,
      ...order.address,
      gstin: order.gstin ?? '',
    }).address;
    page.chosenAddressId = null;
    page.usePoints = order.usePoints;
    page.whatsappUpdates = order.whatsappUpdates ?? false;
    page.reminders = order.reminders ?? false;
    page.paymentMethod = order.paymentMethod ?? 'cod';
    page.idempotencyKey = order.idempotencyKey || page.idempotencyKey;
    if (order.address.pin.trim()) page.pinCheck = await checkPin(order.address.pin);
    // The PIN field's 'Check' button only checks the PIN (above): nothing is placed.
    if (form.change && !form.checkPin) {
      const answer = await handleCartChange(request, cookies, changeFromToken(form.change, form.code));
      const { refused } = answer;
      if (refused) {
        page.errors = answer.change?.intent === 'code' ? { code: refused.message } : { cart: refused.message };
        page.refused = refused.code;
      }
    } else if (!form.checkPin) {
      const result = await placeShopperOrder(cookies, shopper, order);
      if (result.ok && order.paymentMethod === 'online') {
        const step = await paymentStep(result, false);
        if ('url' in step) return { placed: step.url };
      }
      if (result.ok) return { placed: result.url! };
      Object.assign(page, { errors: result.errors, message: result.message, refused: result.code });
    }
  }
  const db = await getDb();
  const [view, pointsBalance, settings] = await Promise.all([
    readCart(request, cookies, { usePoints: page.usePoints, paymentMethod: page.paymentMethod }),
    user ? rewardBalance(db, user.id) : 0,
    loadPaymentSettings(db),
  ]);
  page.online.codMaxTotal = settings.codMaxTotal;
  return { ...page, view, pointsBalance };
}
