// The reminders' signed links (src/server/signed-links.server.ts), each with its own label and expiry:
// reorder a delivered plan, come back to a cart, stop reminders. A link acts without sign-in, so it names
// only what it acts on and is good for nothing else.
import { checkLink, type LinkCheck, signLink } from '../../server/signed-links.server';
import { siteHref } from '../../server/http/site-origin.server';
import { addDays, CART_LINK_DAYS, epochSeconds, REORDER_LINK_DAYS, STOP_LINK_DAYS } from './reminders';

export const REORDER_PATH = '/reorder';
export const CART_RETURN_PATH = '/cart/return';
export const STOP_PATH = '/reminders/stop';

const link = (path: string, label: string, values: Record<string, string>, payload: string, expires: Date) => {
  const x = String(epochSeconds(expires));
  return siteHref(`${path}?${new URLSearchParams({ ...values, x, s: signLink(label, payload, Number(x)) })}`);
};

/** The one-tap reorder of a delivered order's plan of `months`. */
export const reorderUrl = (orderId: number, months: number, now: Date) =>
  link(
    REORDER_PATH,
    'reorder',
    { o: String(orderId), m: String(months) },
    `${orderId}:${months}`,
    addDays(now, REORDER_LINK_DAYS),
  );

/** Back to a cart (a guest's, restored on this device). */
export const cartReturnUrl = (cartId: string, now: Date) =>
  link(CART_RETURN_PATH, 'cart', { c: cartId }, cartId, addDays(now, CART_LINK_DAYS));

/**
 * What a stop link withdraws: `reminders`, the refill and cart reminders (the link in every reminder mail);
 * `messages`, marketing by SMS and WhatsApp (the {stop} of every marketing message on those channels). Each
 * is signed under its own label, so one cannot be turned into the other.
 */
export const STOP_PURPOSES = { reminders: 'shopping_reminders', messages: 'marketing_messages' } as const;
export type StopKind = keyof typeof STOP_PURPOSES;

const stopUrl = (kind: StopKind) => (email: string, now: Date) => {
  const e = email.trim().toLowerCase();
  const values: Record<string, string> = kind === 'reminders' ? { e } : { e, k: kind };
  return link(STOP_PATH, `stop-${kind}`, values, e, addDays(now, STOP_LINK_DAYS));
};

/** Stop every reminder to this address. */
export const stopRemindersUrl = stopUrl('reminders');
/** Stop marketing by SMS and WhatsApp to this address's mobile numbers. */
export const stopMessagesUrl = stopUrl('messages');

export type Verified<T> = { ok: true; value: T } | { ok: false; why: Exclude<LinkCheck, 'valid'> };

const verified = <T>(check: LinkCheck, value: T): Verified<T> =>
  check === 'valid' ? { ok: true, value } : { ok: false, why: check };

export function verifyReorder(
  params: URLSearchParams,
  now = new Date(),
): Verified<{ orderId: number; months: number }> {
  const o = params.get('o') ?? '';
  const m = params.get('m') ?? '';
  if (!/^\d{1,9}$/.test(o) || !/^\d{1,2}$/.test(m)) return { ok: false, why: 'forged' };
  return verified(checkLink('reorder', `${o}:${m}`, params.get('x'), params.get('s'), now), {
    orderId: Number(o),
    months: Number(m),
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function verifyCartReturn(params: URLSearchParams, now = new Date()): Verified<{ cartId: string }> {
  const c = params.get('c') ?? '';
  if (!UUID.test(c)) return { ok: false, why: 'forged' };
  return verified(checkLink('cart', c, params.get('x'), params.get('s'), now), { cartId: c });
}

export function verifyStop(params: URLSearchParams, now = new Date()): Verified<{ email: string; kind: StopKind }> {
  const e = (params.get('e') ?? '').trim().toLowerCase();
  const kind = params.get('k') ?? 'reminders';
  if (!e || e.length > 254 || !Object.hasOwn(STOP_PURPOSES, kind)) return { ok: false, why: 'forged' };
  const stop = kind as StopKind;
  return verified(checkLink(`stop-${stop}`, e, params.get('x'), params.get('s'), now), { email: e, kind: stop });
}
