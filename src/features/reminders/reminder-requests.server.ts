// What the reminders' signed links do when opened: the reorder link fills this visitor's cart with the
// same products and plan as the delivered order; the cart link brings a guest's cart back to this device.
// A forged or expired link changes nothing and gets a page saying so (403 or 410).
import type { AstroCookies } from 'astro';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { carts, orderLines, orders } from '../../db/schema';
import { shopperOf } from '../cart/cart-request.server';
import { cartLineRequests, changeCart, currentCart, rememberCart } from '../cart/cart.server';
import { z } from 'zod';
import { CHECKOUT_MESSAGES } from '../../lib/checkout';
import type { Requester } from '../abuse/intake-limits.server';
import { LIMIT_MESSAGES } from '../abuse/limit-messages';
import { DomainError, refusal, type Refusal } from '../../lib/errors';
import type { FormOutcome } from '../../server/http/form.server';
import { verifyCartReturn, verifyReorder, verifyStop, type Verified } from './reminder-links.server';
import { contactAddress, forgetCartContact, rememberCartContact, stopByLink } from './reminders.server';

/** Where an acting link leads, or why it did nothing (with the refusal page's title). */
export type LinkOutcome = { redirect: string } | LinkRefusal;
type LinkRefusal = Refusal<'forbidden' | 'gone'> & { title: string };

export const LINK_REFUSALS = {
  forged: {
    ok: false,
    code: 'forbidden',
    title: 'This link is not valid',
    message:
      'This link is not one we sent, or it was changed on the way. Nothing was changed. Please open the link from the mail again, or find the product in the shop.',
  },
  expired: {
    ok: false,
    code: 'gone',
    title: 'This link has expired',
    message:
      'This link is too old to use. Nothing was changed. You can find the same products in the shop, or in your orders.',
  },
  gone: {
    ok: false,
    code: 'gone',
    title: 'This order can no longer be reordered',
    message:
      'The order this link was made for is no longer with us. Nothing was changed. You can find the same products in the shop.',
  },
} as const satisfies Record<string, LinkRefusal>;

const linkRefusal = (verified: Verified<unknown>): LinkOutcome | null =>
  verified.ok ? null : { ...LINK_REFUSALS[verified.why] };

/**
 * Fills the visitor's cart (made if need be) with the delivered order's lines of that plan: each product
 * and plan at least as many as were ordered (opening the link twice adds nothing more). A line the store
 * can no longer sell, or has not enough of, is left out and the cart says so.
 */
export async function reorder(request: Request, cookies: AstroCookies, now = new Date()): Promise<LinkOutcome> {
  const verified = verifyReorder(new URL(request.url).searchParams, now);
  const refused = linkRefusal(verified);
  if (refused || !verified.ok) return refused!;
  const { orderId, months } = verified.value;
  const db = await getDb();
  const lines = await db
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.months, months), isNull(orders.erasedAt)))
    .orderBy(orderLines.id);
  if (!lines.length) return { ...LINK_REFUSALS.gone };
  const shopper = await shopperOf(request);
  let cart = (await currentCart({ cookies, shopper }, true))!;
  let missed = 0;
  for (const line of lines) {
    const have = (await cartLineRequests(db, cart.id)).find(
      (l) => l.productId === line.productId && l.months === months,
    );
    const more = line.quantity - (have?.quantity ?? 0);
    if (more <= 0) continue;
    try {
      cart = (await changeCart(cart, { intent: 'add', productId: line.productId, months, quantity: more }, shopper))
        .cart;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      missed++;
    }
  }
  rememberCart(cookies, cart, cart.revision);
  return { redirect: `/cart?notice=${missed ? 'reorder-partial' : 'reorder'}` };
}

/**
 * The abandoned-cart reminder's link: a guest's cart becomes this device's cart again; an account's cart is
 * the account's (signing in shows it). Either way the visitor lands on the cart.
 */
export async function returnToCart(request: Request, cookies: AstroCookies, now = new Date()): Promise<LinkOutcome> {
  const verified = verifyCartReturn(new URL(request.url).searchParams, now);
  const refused = linkRefusal(verified);
  if (refused || !verified.ok) return refused!;
  const db = await getDb();
  const [cart] = await db
    .select({ id: carts.id, userId: carts.userId, revision: carts.revision })
    .from(carts)
    .where(eq(carts.id, verified.value.cartId));
  const signedIn = Boolean(await shopperOf(request));
  if (cart && !cart.userId && !signedIn) rememberCart(cookies, cart, cart.revision);
  if (cart?.userId && !signedIn) return { redirect: '/sign-in?redirect=%2Fcart' };
  return { redirect: '/cart' };
}

/**
 * A stop link: a refusal page for a forged or expired link, else the address, what the link stops, and the
 * form handler that stops it (a withdrawal of the purpose, recorded).
 */
export function stopRequest(params: URLSearchParams, now = new Date()) {
  const verified = verifyStop(params, now);
  if (!verified.ok) return { linkOutcome: LINK_REFUSALS[verified.why], email: null, kind: null, handle: undefined };
  const { email, kind } = verified.value;
  const handle = async (): Promise<FormOutcome> => {
    await stopByLink(email, kind);
    return { ok: true, notice: 'stopped' };
  };
  return { linkOutcome: null, email, kind, handle };
}

const contactInput = z.object({ email: z.string().max(254), reminders: z.boolean() });

/**
 * POST /api/cart/contact: the checkout island's reminders box, as it is ticked (with the address typed) or
 * unticked, so a shopper who leaves before placing the order is still known. 422 for anything else, 429
 * when an abuse limit is used up; nothing is kept for a visitor without a cart.
 */
export async function cartContactRequest(
  request: Request,
  cookies: AstroCookies,
  body: unknown,
  requester: Requester,
): Promise<{ ok: true } | Refusal<'unprocessable' | 'rate_limited'>> {
  const parsed = contactInput.safeParse(body);
  const email = parsed.success && contactAddress(parsed.data.email);
  if (!parsed.success || !email) return refusal('unprocessable', CHECKOUT_MESSAGES.email);
  const cart = await currentCart({ cookies, shopper: await shopperOf(request) });
  if (!cart) return { ok: true };
  if (!parsed.data.reminders) {
    await forgetCartContact(cart.id, email);
    return { ok: true };
  }
  return (await rememberCartContact(cart.id, email, requester))
    ? { ok: true }
    : refusal('rate_limited', LIMIT_MESSAGES.email);
}
