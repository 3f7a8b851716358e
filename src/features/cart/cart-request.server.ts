// One cart request, whoever sends it: the /cart page's forms (no JavaScript needed) and the islands'
// JSON calls to /api/cart go through here, so both get the same rules, messages and cookies.
import type { AstroCookies } from 'astro';
import { getSessionUser } from '../auth/session.server';
import type { Shopper } from '../pricing/pricing.server';
import { changeCart, currentCart, rememberCart, viewCart } from './cart.server';
import { parseCartChange, type CartChange, type CartView } from './cart.schema';
import { DomainError, refusal, type Refusal } from '../../lib/errors';
import type { FormRefusal, FormSuccess, PostedForm } from '../../server/http/form.server';
import { changeFromToken } from './cart-change-token';
import { noticeQuery } from './cart-notice';

export interface CartAnswer {
  view: CartView;
  /** Why the change was refused (nothing changed, except that an invalid code takes off the applied one). */
  refused: Refusal | null;
  change: CartChange | null;
}

export async function shopperOf(request: Request): Promise<Shopper | null> {
  const user = await getSessionUser(request.headers);
  return user ? { id: user.id, email: user.email } : null;
}

/** The priced cart for this request (a guest without a cart sees an empty one). */
export async function readCart(
  request: Request,
  cookies: AstroCookies,
  options: Parameters<typeof viewCart>[2] = {},
): Promise<CartView> {
  const shopper = await shopperOf(request);
  const cart = await currentCart({ cookies, shopper });
  const view = await viewCart(cart, shopper, options);
  rememberCart(cookies, cart, view.revision);
  return view;
}

/** Applies the change asked for in `input` (form fields or JSON) and answers with the whole cart. */
export async function handleCartChange(request: Request, cookies: AstroCookies, input: unknown): Promise<CartAnswer> {
  const shopper = await shopperOf(request);
  const parsed = parseCartChange(input);
  // Adding or applying a code makes a guest's cart; nothing else needs one.
  const needsCart = parsed.ok && (parsed.change.intent === 'add' || parsed.change.intent === 'code');
  let cart = await currentCart({ cookies, shopper }, needsCart);
  let refused: Refusal | null = null;
  if (!parsed.ok) {
    refused = refusal('unprocessable', parsed.message);
  } else if (cart) {
    try {
      const result = await changeCart(cart, parsed.change, shopper);
      cart = result.cart;
      if (result.refusal) refused = refusal('unprocessable', result.refusal);
    } catch (caught) {
      if (!(caught instanceof DomainError)) throw caught;
      refused = caught.toRefusal();
    }
  }
  const view = await viewCart(cart, shopper);
  rememberCart(cookies, cart, view.revision);
  return { view, refused, change: parsed.ok ? parsed.change : null };
}

/**
 * The /cart page's forms and the product page's Add to Cart: a change redirects back with a notice
 * (Post/Redirect/Get); a refusal renders the cart with its message (beside the code field for a code).
 */
export async function cartFormRequest(
  request: Request,
  cookies: AstroCookies,
  form: PostedForm,
): Promise<(FormSuccess | FormRefusal) & { view?: CartView }> {
  const values = form.values();
  // The cart page's buttons carry their change; the product page's form sends fields.
  const answer = await handleCartChange(
    request,
    cookies,
    values.change ? changeFromToken(values.change, values.code) : values,
  );
  if (!answer.refused) return { ok: true, redirect: `/cart?${answer.change ? noticeQuery(answer.change) : ''}` };
  return { ...answer.refused, target: answer.change?.intent === 'code' ? 'code' : undefined, view: answer.view };
}
