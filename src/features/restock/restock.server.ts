// "Notify me" on a sold-out product (issue 20 part 6; docs/decisions/0110-back-in-stock-notices.md and
// 0124-back-in-stock-on-whatsapp-only.md). A request is one row, by email, on WhatsApp or both (one
// waiting per product and address, and per product and number: asking again is a no-op that reads the
// same), counted against the intake limits per client address, per address and per number, confirmed by
// a mail with a signed cancel link when it has an address. The send job (restock-jobs.server.ts) finds
// waiting requests whose product has packs to sell again and, per request, marks it notified and queues
// its mail and WhatsApp message in one transaction: only a row still waiting is marked, so two runs or two
// processes send it once.
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { backInStockRequests, products, productStock } from '../../db/schema';
import { INDIAN_MOBILE_MESSAGE, normaliseIndianMobile } from '../../lib/india';
import { jobsStarted, sendJob } from '../../server/jobs/jobs.server';
import { enqueueMessage } from '../../server/messages/outbox.server';
import { tokenSigner } from '../../server/signed-links.server';
import { isHoneypotFilled } from '../abuse/honeypot';
import { intakeLimit, type Requester } from '../abuse/intake-limits.server';
import { LIMIT_MESSAGES } from '../abuse/limit-messages';
import { enqueueEmail, kickOutbox } from '../../server/mail/outbox.server';
import { renderMail } from '../../server/mail/templates.server';
import { type FormOutcome, type PostedForm, refuse } from '../../server/http/form.server';
import { siteHref } from '../../server/http/site-origin.server';
import { normaliseEmail } from '../newsletter/newsletter';
import { RESTOCK_MESSAGES } from './restock';

export const SEND_BACK_IN_STOCK = 'restock.send-notices';
/** A cancel link works this long after the request (a product may stay sold out for months). */
export const CANCEL_LINK_DAYS = 365;
/** Requests sent per run; the next run is queued at once when more are due. */
export const NOTICES_PER_RUN = 200;
const DAY_MS = 86_400_000;

export const CANCEL_PATH = '/back-in-stock/cancel';
/** The message queue's key of a request's WhatsApp message (erasure finds the messages by it). */
export const whatsappKey = (requestId: number) => `back-in-stock:${requestId}:whatsapp`;

const cancelLinks = tokenSigner('vedara back in stock cancel v1');
const tokenOf = (id: number, expires: number) => cancelLinks.sign(`${id}:${expires}`);

/** The signed link that cancels one request (no sign-in needed), good until `expires` (epoch day). */
export function cancelUrl(id: number, createdAt: Date): string {
  const expires = Math.floor(createdAt.getTime() / DAY_MS) + CANCEL_LINK_DAYS;
  const params = new URLSearchParams({ r: String(id), e: String(expires), t: tokenOf(id, expires) });
  return siteHref(`${CANCEL_PATH}?${params}`);
}

/** The request a cancel link names, or null for a forged, garbled or expired link. */
export function verifiedCancelRequest(
  params: { r?: string | null; e?: string | null; t?: string | null },
  now = new Date(),
): number | null {
  const { r, e, t } = params;
  if (!r || !e || !t || !/^\d{1,9}$/.test(r) || !/^\d{1,6}$/.test(e)) return null;
  const id = Number(r);
  const expires = Number(e);
  if (expires < Math.floor(now.getTime() / DAY_MS)) return null;
  return cancelLinks.verify(`${id}:${expires}`, t) ? id : null;
}

const confirmationMail = (to: string, product: { id: number; name: string }, link: string) => ({
  kind: 'back_in_stock_request',
  to,
  ...renderMail({
    subject: `We'll tell you when ${product.name} is back`,
    greeting: 'Namaste,',
    paragraphs: [
      `${product.name} is sold out just now. We will email you once, when it is back in stock.`,
      'Did not ask for this, or changed your mind? Cancel with the link below: we will not write about it again.',
    ],
    action: { label: 'Cancel this notice', url: link },
  }),
});

const restockMail = (to: string, product: { id: number; name: string }) => ({
  kind: 'back_in_stock',
  to,
  ...renderMail({
    subject: `${product.name} is back in stock`,
    greeting: 'Namaste,',
    paragraphs: [
      `Good news: ${product.name} is back in stock, as you asked us to tell you.`,
      'This was a one-time notice: if it sells out again, ask again on its page.',
    ],
    action: { label: `See ${product.name}`, url: siteHref(`/product/${product.id}`) },
  }),
});

export interface NotifyRequest {
  productId: number;
  /** As typed; blank when a signed-in shopper leaves it for their account's address. */
  email: unknown;
  /** Also on WhatsApp: the box ticked (the consent) and the mobile number as typed. */
  whatsapp?: { consent: boolean; mobile: unknown };
  account: { id: string; email: string } | null;
  requester: Requester;
  /** The posted fields (their honeypot is checked). */
  fields?: unknown;
}

type ProductRow = { id: number; name: string; stock: number };
/** A refused form's values, shown again. */
export type TypedNotify = { email: string; whatsapp: boolean; whatsappMobile: string };

async function productOnSale(productId: number): Promise<ProductRow | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: products.id, name: products.name, stock: sql<number>`coalesce(${productStock.quantity}, 0)::int` })
    .from(products)
    .leftJoin(productStock, eq(productStock.productId, products.id))
    .where(and(eq(products.id, productId), isNull(products.archivedAt)));
  return row ?? null;
}

/**
 * A "Notify me" request, by email, on WhatsApp, or both. Every accepted request reads the same, whether
 * the address or number was already waiting for this product or not; only a new one is stored, and one
 * with an email is confirmed by mail.
 */
export async function requestBackInStock(
  input: NotifyRequest,
  now = new Date(),
): Promise<FormOutcome & { product?: ProductRow; typed?: TypedNotify }> {
  const product = input.productId > 0 ? await productOnSale(input.productId) : null;
  if (!product) return refuse('not_found', RESTOCK_MESSAGES.noProduct);
  const typed = typeof input.email === 'string' ? input.email.trim() : '';
  // WhatsApp only with the box ticked; a number without the tick is not kept.
  const consent = input.whatsapp?.consent === true;
  const typedMobile = typeof input.whatsapp?.mobile === 'string' ? input.whatsapp.mobile : '';
  const mobile = consent ? normaliseIndianMobile(typedMobile) : null;
  // Left empty: WhatsApp only when ticked, else the signed-in shopper's account address.
  const email =
    typed === '' ? (!consent && input.account ? input.account.email.toLowerCase() : null) : normaliseEmail(typed);
  const errors = {
    ...(typed !== '' && !email && { email: RESTOCK_MESSAGES.invalidEmail }),
    ...(typed === '' && !email && !consent && { email: RESTOCK_MESSAGES.noContact }),
    ...(consent && !mobile && { whatsappMobile: INDIAN_MOBILE_MESSAGE }),
  };
  const refused = errors.email ?? errors.whatsappMobile;
  if (refused)
    return {
      ...refuse('unprocessable', refused, { errors }),
      product,
      typed: { email: typed.slice(0, 254), whatsapp: consent, whatsappMobile: typedMobile.slice(0, 20) },
    };
  const accepted = {
    ok: true as const,
    notice: email ? RESTOCK_MESSAGES.accepted(product.name) : RESTOCK_MESSAGES.acceptedOnWhatsapp(product.name),
    product,
  };
  // A bot filled the hidden field: it reads as accepted; nothing is stored or sent.
  if (isHoneypotFilled(input.fields)) return accepted;
  const limited = await intakeLimit('back_in_stock', { email, mobile }, { ...input.requester, now });
  if (limited) return refuse('rate_limited', LIMIT_MESSAGES[limited]);
  if (product.stock > 0) return { ok: true, notice: RESTOCK_MESSAGES.inStock(product.name), product };
  // The account's request: its own address, or WhatsApp only asked while signed in (erasure and the data
  // file find it by the account; a number-only request made signed out, by the account's verified mobile).
  const userId =
    input.account && (email === null || input.account.email.toLowerCase() === email) ? input.account.id : null;
  const whatsappTo = mobile ? `91${mobile}` : null;
  const db = await getDb();
  const queued = await db.transaction(async (tx) => {
    const insert = (withWhatsapp: boolean) =>
      tx
        .insert(backInStockRequests)
        .values({
          productId: product.id,
          email,
          userId,
          createdAt: now,
          whatsappTo: withWhatsapp ? whatsappTo : null,
          whatsappConsentAt: withWhatsapp ? now : null,
        })
        // One waiting request per product and address, and per product and number: asking again is a no-op.
        .onConflictDoNothing()
        .returning({ id: backInStockRequests.id });
    let [row] = await insert(whatsappTo !== null);
    // The number is already waiting for this product (asked by someone else's address): the address's
    // request is kept, without the number, which gets its one message from the first request.
    if (!row && email && whatsappTo) [row] = await insert(false);
    if (row && email) await enqueueEmail(tx, confirmationMail(email, product, cancelUrl(row.id, now)));
    return Boolean(row && email);
  });
  if (queued) kickOutbox();
  return accepted;
}

/** The product page's form, posted to /back-in-stock. */
export const notifyFormRequest = (
  form: PostedForm,
  account: NotifyRequest['account'],
  requester: Requester,
): Promise<FormOutcome & { product?: ProductRow; typed?: TypedNotify }> =>
  requestBackInStock({
    productId: form.id('productId'),
    email: form.raw('email'),
    whatsapp: { consent: form.raw('whatsapp') === 'on', mobile: form.raw('whatsappMobile') },
    account,
    requester,
    fields: form.values(),
  });

/** What a cancel link shows: its request's product, or null when there is none. */
export async function cancelTarget(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: backInStockRequests.id,
      productName: products.name,
      productId: products.id,
      notified: sql<boolean>`${backInStockRequests.notifiedAt} is not null`,
    })
    .from(backInStockRequests)
    .innerJoin(products, eq(products.id, backInStockRequests.productId))
    .where(eq(backInStockRequests.id, id));
  return row ?? null;
}

/** Cancels a waiting request (idempotent: one already sent or cancelled stays as it is). */
export async function cancelBackInStock(id: number, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(backInStockRequests)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(backInStockRequests.id, id),
        isNull(backInStockRequests.notifiedAt),
        isNull(backInStockRequests.cancelledAt),
      ),
    )
    .returning({ id: backInStockRequests.id });
  return rows.length > 0;
}

/**
 * One run of the send job: each waiting request whose product is on sale with packs to sell gets its
 * mail, once. Returns how many were queued and whether more are waiting beyond this run's share.
 */
export async function sendBackInStockNotices({
  limit = NOTICES_PER_RUN,
  now = new Date(),
} = {}): Promise<{ sent: number; more: boolean }> {
  const db = await getDb();
  const due = await db
    .select({ id: backInStockRequests.id })
    .from(backInStockRequests)
    .innerJoin(products, eq(products.id, backInStockRequests.productId))
    .innerJoin(productStock, eq(productStock.productId, backInStockRequests.productId))
    .where(
      and(
        isNull(backInStockRequests.notifiedAt),
        isNull(backInStockRequests.cancelledAt),
        isNull(products.archivedAt),
        gt(productStock.quantity, 0),
      ),
    )
    .orderBy(asc(backInStockRequests.id))
    .limit(limit + 1);
  let sent = 0;
  for (const { id } of due.slice(0, limit)) {
    const done = await db.transaction(async (tx) => {
      // Only a request still waiting, for a product that still has packs, is marked: the row lock makes a
      // second run (here or on another process) wait, then find it marked and send nothing.
      const [marked] = await tx
        .update(backInStockRequests)
        .set({ notifiedAt: now })
        .where(
          and(
            eq(backInStockRequests.id, id),
            isNull(backInStockRequests.notifiedAt),
            isNull(backInStockRequests.cancelledAt),
            sql`exists (select 1 from ${productStock} where ${productStock.productId} = ${backInStockRequests.productId} and ${productStock.quantity} > 0)`,
          ),
        )
        .returning({
          email: backInStockRequests.email,
          productId: backInStockRequests.productId,
          whatsappTo: backInStockRequests.whatsappTo,
        });
      if (!marked) return false;
      const [product] = await tx
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(eq(products.id, marked.productId));
      if (marked.email) await enqueueEmail(tx, restockMail(marked.email, product));
      // The consent was given in the form with the number; the key makes it one message per request.
      if (marked.whatsappTo)
        await enqueueMessage(tx, {
          template: 'back_in_stock',
          to: marked.whatsappTo,
          params: { product: product.name, link: siteHref(`/product/${product.id}`) },
          idempotencyKey: whatsappKey(id),
        });
      return true;
    });
    if (done) sent++;
  }
  if (sent) kickOutbox();
  return { sent, more: due.length > limit };
}

/** Ask for a run now (after stock came back and committed); nothing when this process runs no job engine. */
export function kickBackInStock() {
  if (!jobsStarted()) return;
  sendJob(SEND_BACK_IN_STOCK, {}, { singletonKey: 'now' }).catch((error) =>
    console.error('Queuing the back-in-stock run failed', error),
  );
}
