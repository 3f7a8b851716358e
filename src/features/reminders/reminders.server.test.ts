// Refill and abandoned-cart reminders on a real database, with a moved clock (`now` passed in, never
// waited for): a refill reminder goes once, seven days before the plan runs out, only to a customer who
// asked for reminders (its WhatsApp copy only with WhatsApp marketing consent), never after the customer
// stopped them; its reorder link fills a cart with the same products and plan, and a forged or expired
// link is refused and changes nothing. A left cart with a known contact gets one reminder after an hour,
// a second a day later, never a third, none without consent, none once ordered or emptied; an order from
// a reminded cart counts as recovered.
import type { APIContext, AstroCookies } from 'astro';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartWith } from '../../../tests/support/carts';
import { TEST_ADDRESS } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import {
  cartLines,
  carts,
  consentRecords,
  emailOutbox,
  messageOutbox,
  orderStatusHistory,
  orders,
  reminderSends,
} from '../../db/schema';
import { POST as cartContactRoute } from '../../pages/api/cart/contact';
import { POST as testHookRoute } from '../../pages/api/test/reminders';
import { resetEnv } from '../../server/config/env.server';
import { getAuth } from '../auth/auth.server';
import { CART_COOKIE, cartLineRequests, changeCart, type CartRef } from '../cart/cart.server';
import { checkoutPage } from '../checkout/checkout-request.server';
import { placeOrder } from '../checkout/checkout.server';
import { moveOrder } from '../orders/order-desk.server';
import { recordConsent } from '../privacy/consent-records.server';
import { eraseAccount } from '../privacy/erasure.server';
import { reorderUrl, stopRemindersUrl } from './reminder-links.server';
import { reorder, returnToCart, stopRequest } from './reminder-requests.server';
import { addDays, CART_IDLE_MS, REFILL_LEAD_DAYS, REFILL_LATE_DAYS } from './reminders';
import { reminderFigures, refillsDue } from './reminders-desk.server';
import { sendDueReminders } from './reminders.server';

const HOUR = 3_600_000;
const staff = { id: null, name: 'Desk Tester' };
let keys = 0;
const unique = () => `${Date.now().toString(36)}${++keys}`;

const mailsTo = async (email: string, kind: string) =>
  (await getDb())
    .select({ subject: emailOutbox.subject, text: emailOutbox.textBody, headers: emailOutbox.headers })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)))
    .orderBy(emailOutbox.id);

async function consent(email: string, purpose: 'shopping_reminders' | 'marketing_messages', granted = true) {
  await recordConsent(await getDb(), { email, purpose, granted, source: 'test' });
}

/** A cash-on-delivery order of these lines for `email`, taken through the desk to delivered. */
async function deliveredOrder(email: string, lines: { productId: number; months: number; quantity: number }[]) {
  const cart = await cartWith(lines);
  const placed = await placeOrder(
    {
      email,
      phone: '+91 98123 45670',
      address: TEST_ADDRESS,
      usePoints: false,
      expectedTotal: null,
      idempotencyKey: `reminders-${unique()}`,
    },
    cart,
    null,
  );
  if (!placed.ok) throw new Error(placed.message);
  for (const move of [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: `DL${Date.now()}` },
    { move: 'deliver' },
  ])
    expect(await moveOrder(staff, placed.orderNumber, move), move.move).toEqual({ ok: true });
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
  const [delivered] = await db
    .select({ at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.move, 'deliver')));
  return { order, deliveredAt: delivered.at };
}

/** Astro's cookie jar as far as the links use it. */
function cookieJar(cartId?: string) {
  const jar = new Map<string, string>(cartId ? [[CART_COOKIE, cartId]] : []);
  const cookies = {
    get: (name: string) => (jar.has(name) ? { value: jar.get(name) as string } : undefined),
    has: (name: string) => jar.has(name),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.delete(name),
  } as unknown as AstroCookies;
  return { cookies, jar };
}

const linesOf = async (cartId: string) =>
  (await cartLineRequests(await getDb(), cartId)).map((l) => `${l.productId}:${l.months}x${l.quantity}`);

describe('refill reminders', () => {
  it('go once, seven days before a three-month plan runs out, with a reorder link and a stop link', async () => {
    const email = `refill-${unique()}@example.in`;
    await consent(email, 'shopping_reminders');
    const { order, deliveredAt } = await deliveredOrder(email, [{ productId: 2, months: 3, quantity: 1 }]);
    const remindAt = addDays(deliveredAt, 90 - REFILL_LEAD_DAYS);

    await sendDueReminders(new Date(remindAt.getTime() - HOUR));
    expect(await mailsTo(email, 'refill_reminder')).toHaveLength(0);

    await sendDueReminders(remindAt);
    const [mail, ...more] = await mailsTo(email, 'refill_reminder');
    expect(more).toHaveLength(0);
    expect(mail.subject).toMatch(/^Time to refill: your .+ runs out around /);
    expect(mail.text).toContain(`order ${order.orderNumber}`);
    expect(mail.text).toMatch(/Reorder the same plan: https?:\/\/\S+\/reorder\?o=\d+&m=3&x=\d+&s=[\w-]+/);
    expect(mail.text).toMatch(/Unsubscribe: \S+\/reminders\/stop\?e=/);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Never twice: later runs, and two runs at the same moment, find it sent.
    await Promise.all([sendDueReminders(addDays(remindAt, 1)), sendDueReminders(addDays(remindAt, 1))]);
    await sendDueReminders(addDays(remindAt, 3));
    expect(await mailsTo(email, 'refill_reminder')).toHaveLength(1);
    const [row] = (await refillsDue(addDays(remindAt, 1))).filter((r) => r.orderId === order.id);
    expect(row).toMatchObject({ state: 'sent', months: 3 });
  });

  it('two processes finding the same reminder due at once send it once', async () => {
    const email = `refill-race-${unique()}@example.in`;
    await consent(email, 'shopping_reminders');
    const { deliveredAt } = await deliveredOrder(email, [{ productId: 1, months: 1, quantity: 2 }]);
    const now = addDays(deliveredAt, 30 - REFILL_LEAD_DAYS);
    const runs = await Promise.all([sendDueReminders(now), sendDueReminders(now), sendDueReminders(now)]);
    expect(await mailsTo(email, 'refill_reminder')).toHaveLength(1);
    expect(runs.reduce((sum, run) => sum + run.refills, 0)).toBeGreaterThanOrEqual(1);
  });

  it('never without consent, never after the stop link, never long after the pack ran out; WhatsApp only with its consent', async () => {
    const silent = `refill-no-consent-${unique()}@example.in`;
    const stopped = `refill-stopped-${unique()}@example.in`;
    const whatsapp = `refill-whatsapp-${unique()}@example.in`;
    const late = `refill-late-${unique()}@example.in`;
    await consent(stopped, 'shopping_reminders');
    await consent(whatsapp, 'shopping_reminders');
    await consent(whatsapp, 'marketing_messages');
    await consent(late, 'shopping_reminders');
    const a = await deliveredOrder(silent, [{ productId: 1, months: 1, quantity: 1 }]);
    const b = await deliveredOrder(stopped, [{ productId: 1, months: 1, quantity: 1 }]);
    const c = await deliveredOrder(whatsapp, [{ productId: 1, months: 1, quantity: 1 }]);
    const d = await deliveredOrder(late, [{ productId: 1, months: 1, quantity: 1 }]);

    // The stop link in an earlier mail: confirmed by its POST, recorded as a withdrawal.
    const stop = stopRequest(new URL(stopRemindersUrl(stopped, new Date())).searchParams);
    expect(stop.linkOutcome).toBeNull();
    expect(await stop.handle!()).toMatchObject({ ok: true });

    // The desk sees who will not get one, and why.
    const due = addDays(c.deliveredAt, 30 - REFILL_LEAD_DAYS);
    const desk = await refillsDue(due);
    expect(desk.find((r) => r.orderId === a.order.id)?.state).toBe('no consent');
    expect(desk.find((r) => r.orderId === c.order.id)?.state).toBe('due now');

    await sendDueReminders(addDays(d.deliveredAt, 30 + REFILL_LATE_DAYS + 1));
    expect(await mailsTo(late, 'refill_reminder')).toHaveLength(0);

    await sendDueReminders(due);
    expect(await mailsTo(silent, 'refill_reminder')).toHaveLength(0);
    expect(await mailsTo(stopped, 'refill_reminder')).toHaveLength(0);
    expect(await mailsTo(whatsapp, 'refill_reminder')).toHaveLength(1);
    const db = await getDb();
    const messages = (orderId: number) =>
      db
        .select({ template: messageOutbox.template, body: messageOutbox.body })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.orderId, orderId), eq(messageOutbox.template, 'refill_reminder')));
    const [message] = await messages(c.order.id);
    expect(message.body).toMatch(
      /^Namaste Meera Iyer, your .+ will run out around .+ Reorder the same plan in one tap: \S+\/reorder\?\S+ To stop reminders and offers on WhatsApp and SMS, open \S+\/reminders\/stop\?\S+ and press Stop\.$/,
    );
    expect(await messages(b.order.id)).toHaveLength(0);
  });

  it('the stop link in a WhatsApp reminder withdraws SMS and WhatsApp marketing in one tap: the next reminder comes by mail only', async () => {
    const email = `refill-whatsapp-stop-${unique()}@example.in`;
    await consent(email, 'shopping_reminders');
    await consent(email, 'marketing_messages');
    const first = await deliveredOrder(email, [{ productId: 1, months: 1, quantity: 1 }]);
    const second = await deliveredOrder(email, [{ productId: 2, months: 2, quantity: 1 }]);
    await sendDueReminders(addDays(first.deliveredAt, 30 - REFILL_LEAD_DAYS));
    const db = await getDb();
    const whatsappOf = (orderId: number) =>
      db
        .select({ params: messageOutbox.params })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.orderId, orderId), eq(messageOutbox.template, 'refill_reminder')));
    const [message] = await whatsappOf(first.order.id);
    const stopLink = new URL(message.params.stop);
    expect(stopLink.pathname).toBe('/reminders/stop');

    // A reminder mail's stop link cannot be turned into this one (each is signed under its own label).
    const mailLink = new URL(stopRemindersUrl(email, new Date()));
    mailLink.searchParams.set('k', 'messages');
    expect(stopRequest(mailLink.searchParams)).toMatchObject({ linkOutcome: { code: 'forbidden' }, handle: undefined });
    const stop = stopRequest(stopLink.searchParams);
    expect(stop).toMatchObject({ linkOutcome: null, email, kind: 'messages' });
    expect(await stop.handle!()).toMatchObject({ ok: true });
    const records = await db
      .select({ purpose: consentRecords.purpose, granted: consentRecords.granted, source: consentRecords.source })
      .from(consentRecords)
      .where(eq(consentRecords.email, email))
      .orderBy(consentRecords.id);
    expect(records.at(-1)).toEqual({ purpose: 'marketing_messages', granted: false, source: 'messages stop link' });

    // The second plan's reminder: the mail (reminders are still on), no WhatsApp.
    await sendDueReminders(addDays(second.deliveredAt, 60 - REFILL_LEAD_DAYS));
    expect(await mailsTo(email, 'refill_reminder')).toHaveLength(2);
    expect(await whatsappOf(second.order.id)).toHaveLength(0);
  });

  it('the reorder link fills the cart with the same products and plan, once however often it is opened', async () => {
    const email = `reorder-${unique()}@example.in`;
    const { order } = await deliveredOrder(email, [
      { productId: 2, months: 3, quantity: 1 },
      { productId: 1, months: 3, quantity: 2 },
    ]);
    const link = reorderUrl(order.id, 3, new Date());
    const { cookies, jar } = cookieJar();
    const open = () => reorder(new Request(link), cookies);
    expect(await open()).toEqual({ redirect: '/cart?notice=reorder' });
    const cartId = jar.get(CART_COOKIE)!;
    expect(await linesOf(cartId)).toEqual(expect.arrayContaining(['2:3x1', '1:3x2']));
    expect(await linesOf(cartId)).toHaveLength(2);
    await open();
    expect((await linesOf(cartId)).sort()).toEqual(['1:3x2', '2:3x1']);
  });

  it('a forged or expired reorder link is refused (403, 410) and changes nothing', async () => {
    const email = `reorder-bad-${unique()}@example.in`;
    const { order } = await deliveredOrder(email, [{ productId: 2, months: 3, quantity: 1 }]);
    const cart = await cartWith([{ productId: 1, quantity: 1 }]);
    const { cookies } = cookieJar(cart.id);
    const good = new URL(reorderUrl(order.id, 3, new Date()));

    const forgedPlan = new URL(good);
    forgedPlan.searchParams.set('m', '1');
    const forgedSignature = new URL(good);
    const s = good.searchParams.get('s')!;
    forgedSignature.searchParams.set('s', `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`);
    const longer = new URL(good);
    longer.searchParams.set('x', String(Number(good.searchParams.get('x')) + 86_400));
    for (const url of [forgedPlan, forgedSignature, longer, new URL('/reorder?o=abc', good)])
      expect(await reorder(new Request(url), cookies)).toMatchObject({
        code: 'forbidden',
        title: 'This link is not valid',
      });
    expect(await reorder(new Request(good), cookies, addDays(new Date(), 31))).toMatchObject({
      code: 'gone',
      title: 'This link has expired',
    });
    expect(await linesOf(cart.id)).toEqual(['1:1x1']);
  });
});

describe('abandoned-cart reminders', () => {
  /** A guest cart whose contact was given at checkout with the reminders box ticked (the page's form). */
  async function guestCartWithContact(email: string) {
    const cart = await cartWith([{ productId: 1, quantity: 1 }]);
    const { cookies } = cookieJar(cart.id);
    // The form is refused (no address yet), but the address and consent are kept.
    const request = new Request('http://store.test/checkout', {
      method: 'POST',
      body: new URLSearchParams({ email, phone: '', idempotencyKey: `cart-${unique()}-key`, reminders: 'on' }),
    });
    const page = await checkoutPage(request, cookies);
    expect('placed' in page).toBe(false);
    return cart;
  }

  const leftAt = async (cartId: string) =>
    (await (await getDb()).select({ at: carts.updatedAt }).from(carts).where(eq(carts.id, cartId)))[0].at;

  it('one reminder after an hour, a second a day later, never a third', async () => {
    const email = `cart-${unique()}@example.in`;
    const cart = await guestCartWithContact(email);
    const left = await leftAt(cart.id);
    const at = (ms: number) => new Date(left.getTime() + ms);

    await sendDueReminders(at(CART_IDLE_MS - 60_000));
    expect(await mailsTo(email, 'cart_reminder')).toHaveLength(0);
    await sendDueReminders(at(CART_IDLE_MS + 60_000));
    await sendDueReminders(at(2 * HOUR));
    await sendDueReminders(at(CART_IDLE_MS + 23 * HOUR));
    expect((await mailsTo(email, 'cart_reminder')).map((m) => m.subject)).toEqual(['You left something in your cart']);
    await sendDueReminders(at(CART_IDLE_MS + 25 * HOUR));
    await sendDueReminders(at(CART_IDLE_MS + 50 * HOUR));
    await sendDueReminders(at(4 * 24 * HOUR));
    const mails = await mailsTo(email, 'cart_reminder');
    expect(mails.map((m) => m.subject)).toEqual([
      'You left something in your cart',
      'Your cart is still saved for you',
    ]);
    expect(mails[0].text).toMatch(/Return to my cart: \S+\/cart\/return\?c=[0-9a-f-]{36}&x=\d+&s=[\w-]+/);
  });

  it('the cart link brings a guest’s cart back to another device; a forged one is refused', async () => {
    const email = `cart-link-${unique()}@example.in`;
    const cart = await guestCartWithContact(email);
    await sendDueReminders(new Date((await leftAt(cart.id)).getTime() + 2 * HOUR));
    const [mail] = await mailsTo(email, 'cart_reminder');
    const link = mail.text.match(/Return to my cart: (\S+)/)![1];
    const { cookies, jar } = cookieJar();
    expect(await returnToCart(new Request(link), cookies)).toEqual({ redirect: '/cart' });
    expect(jar.get(CART_COOKIE)).toBe(cart.id);
    const other = cookieJar();
    const forged = link.replace(/c=[0-9a-f]/, (m) => (m.endsWith('0') ? 'c=1' : 'c=0'));
    expect(await returnToCart(new Request(forged), other.cookies)).toMatchObject({ code: 'forbidden' });
    expect(other.jar.size).toBe(0);
  });

  it('none without consent (a signed-in shopper who never asked), none for a cart emptied', async () => {
    const email = `cart-no-consent-${unique()}@example.in`;
    const { user } = await (await getAuth()).api.signUpEmail({
      body: { name: 'Ravi Menon', email, password: 'tulsi-leaf-42' },
    });
    const shopper = { id: user.id, email };
    const cart = await cartWith([{ productId: 1, quantity: 1 }], shopper);
    await sendDueReminders(new Date((await leftAt(cart.id)).getTime() + 2 * HOUR));
    expect(await mailsTo(email, 'cart_reminder')).toHaveLength(0);

    const emptied = `cart-emptied-${unique()}@example.in`;
    const guest = await guestCartWithContact(emptied);
    await changeCart(guest, { intent: 'remove', productId: 1, months: 1 }, null);
    await sendDueReminders(new Date((await leftAt(guest.id)).getTime() + 2 * HOUR));
    expect(await mailsTo(emptied, 'cart_reminder')).toHaveLength(0);
  });

  it('none once ordered; the order counts as recovered; the next filling of the cart is a new round', async () => {
    const email = `cart-ordered-${unique()}@example.in`;
    const { user } = await (await getAuth()).api.signUpEmail({
      body: { name: 'Lata Shah', email, password: 'tulsi-leaf-42' },
    });
    const shopper = { id: user.id, email };
    await consent(email, 'shopping_reminders');
    let cart: CartRef = await cartWith([{ productId: 2, months: 3, quantity: 1 }], shopper);
    const left = await leftAt(cart.id);
    await sendDueReminders(new Date(left.getTime() + 2 * HOUR));
    expect(await mailsTo(email, 'cart_reminder')).toHaveLength(1);

    const placed = await placeOrder(
      {
        email,
        phone: '9876543210',
        address: TEST_ADDRESS,
        usePoints: false,
        expectedTotal: null,
        idempotencyKey: `recovered-${unique()}`,
      },
      cart,
      shopper,
    );
    expect(placed.ok).toBe(true);
    await sendDueReminders(new Date(left.getTime() + 30 * HOUR));
    expect(await mailsTo(email, 'cart_reminder')).toHaveLength(1);

    const db = await getDb();
    const [order] = await db.select().from(orders).where(eq(orders.email, email));
    const sends = await db.select().from(reminderSends).where(eq(reminderSends.email, email));
    expect(sends.map((r) => r.recoveredOrderId)).toEqual([order.id]);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const before = await reminderFigures(today, today);
    expect(before.recoveredOrders).toBeGreaterThanOrEqual(1);
    expect(before.recoveredValue).toBeGreaterThanOrEqual(order.total);

    // Filled again later: reminded afresh (a new round), once.
    cart = (await changeCart(cart, { intent: 'add', productId: 1, months: 1, quantity: 1 }, shopper)).cart;
    const again = await leftAt(cart.id);
    await sendDueReminders(new Date(again.getTime() + 2 * HOUR));
    await sendDueReminders(new Date(again.getTime() + 3 * HOUR));
    expect(await mailsTo(email, 'cart_reminder')).toHaveLength(2);
    expect(await (await getDb()).select().from(cartLines).where(eq(cartLines.cartId, cart.id))).toHaveLength(1);
  });
});

describe('erasure', () => {
  it('keeps the reminders sent without the address, so none goes again, and forgets a guest cart’s contact', async () => {
    const email = `erased-${unique()}@example.in`;
    const { user } = await (await getAuth()).api.signUpEmail({
      body: { name: 'Uma Das', email, password: 'tulsi-leaf-42' },
    });
    await consent(email, 'shopping_reminders');
    const cart = await cartWith([{ productId: 1, quantity: 1 }], { id: user.id, email });
    const guest = await cartWith([{ productId: 1, quantity: 1 }]);
    await (await getDb()).update(carts).set({ contactEmail: email }).where(eq(carts.id, guest.id));
    await sendDueReminders(new Date(Date.now() + 2 * HOUR));
    const db = await getDb();
    // Its account's cart and a guest cart it gave at checkout: one reminder each.
    expect(await db.select().from(reminderSends).where(eq(reminderSends.email, email))).toHaveLength(2);

    expect(await eraseAccount(user.id)).toMatchObject({ ok: true });
    expect(await db.select().from(reminderSends).where(eq(reminderSends.email, email))).toHaveLength(0);
    for (const key of [`cart:${cart.id}:0:1`, `cart:${guest.id}:0:1`]) {
      const [kept] = await db.select().from(reminderSends).where(eq(reminderSends.idempotencyKey, key));
      expect(kept.email).toBe('');
    }
    expect(
      (await db.select({ email: carts.contactEmail }).from(carts).where(eq(carts.id, guest.id)))[0].email,
    ).toBeNull();
  });
});

describe('the checkout island’s reminders box (POST /api/cart/contact)', () => {
  const post = (cookies: AstroCookies, body: unknown, ip = '203.0.113.9') =>
    cartContactRoute({
      request: new Request('http://store.test/api/cart/contact', { method: 'POST', body: JSON.stringify(body) }),
      cookies,
      clientAddress: ip,
    } as unknown as APIContext);
  const contactOf = async (cartId: string) =>
    (await (await getDb()).select({ email: carts.contactEmail }).from(carts).where(eq(carts.id, cartId)))[0].email;
  const consents = async (email: string) =>
    (
      await (
        await getDb()
      )
        .select()
        .from(consentRecords)
        .where(eq(consentRecords.email, email))
        .orderBy(consentRecords.id)
    ).map((r) => `${r.granted ? 'given' : 'withdrawn'} at ${r.source}`);

  it('ticked: the cart knows its contact and the consent is recorded; unticked: both undone; bad input: 422, nothing kept', async () => {
    const email = `island-${unique()}@example.in`;
    const cart = await cartWith([{ productId: 1, quantity: 1 }]);
    const { cookies } = cookieJar(cart.id);
    for (const bad of [{ email: 'not-an-address', reminders: true }, { email, reminders: 'yes' }, null, [email]]) {
      const answer = await post(cookies, bad);
      expect(answer.status).toBe(422);
      expect(await answer.json()).toEqual({ ok: false, error: 'Please enter a valid email address.' });
    }
    expect(await contactOf(cart.id)).toBeNull();

    expect((await post(cookies, { email: ` ${email.toUpperCase()} `, reminders: true })).status).toBe(200);
    expect(await contactOf(cart.id)).toBe(email);
    expect((await post(cookies, { email, reminders: true })).status).toBe(200);
    expect(await consents(email)).toEqual(['given at checkout']);

    expect((await post(cookies, { email, reminders: false })).status).toBe(200);
    expect(await contactOf(cart.id)).toBeNull();
    expect(await consents(email)).toEqual(['given at checkout', 'withdrawn at checkout']);

    // A visitor without a cart: nothing to remember.
    expect((await post(cookieJar().cookies, { email: `nocart-${email}`, reminders: true })).status).toBe(200);
    expect(await consents(`nocart-${email}`)).toEqual([]);
  });

  it('one address given on more carts than the limit a day is refused (429) and not kept', async () => {
    const email = `island-limit-${unique()}@example.in`;
    const statuses: number[] = [];
    let last = '';
    for (let n = 0; n < 4; n++) {
      const cart = await cartWith([{ productId: 1, quantity: 1 }]);
      last = cart.id;
      statuses.push((await post(cookieJar(cart.id).cookies, { email, reminders: true }, `198.51.100.${n + 1}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await contactOf(last)).toBeNull();
  });
});

describe('the browser tests’ hook (POST /api/test/reminders)', () => {
  const call = (body: unknown) =>
    testHookRoute({
      request: new Request('http://store.test/api/test/reminders', { method: 'POST', body: JSON.stringify(body) }),
    } as unknown as APIContext);

  it('does not exist unless TEST_HOOKS is on; then runs the due-finding at the moment given', async () => {
    expect((await call({ now: new Date().toISOString() })).status).toBe(404);
    process.env.TEST_HOOKS = 'on';
    resetEnv();
    try {
      expect((await call({ now: 'tomorrow' })).status).toBe(422);
      const answer = await call({ now: new Date(Date.now() - 365 * 86_400_000).toISOString() });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ refills: 0, carts: 0 });
    } finally {
      delete process.env.TEST_HOOKS;
      resetEnv();
    }
  });
});
