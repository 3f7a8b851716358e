// "Notify me" on a sold-out product, on the real database: a request is stored once and confirmed by
// mail with a signed cancel link; the back-in-stock mail is queued once when stock returns, however often
// the send runs (twice at once, as two processes would) or the product is restocked; never while it is
// still sold out; floods and bad addresses are refused with a 4xx and change nothing.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import { backInStockRequests, emailOutbox, messageOutbox, productStock, user } from '../../db/schema';
import { INDIAN_MOBILE_MESSAGE } from '../../lib/india';
import { FIRST_BATCH } from '../../../tests/support/batches';
import { INTAKE_LIMITS } from '../abuse/intake-limits.server';
import { LIMIT_MESSAGES } from '../abuse/limit-messages';
import { statusOf } from '../../server/http/form.server';
import { receiveBatch } from '../stock/batches.server';
import { RESTOCK_MESSAGES } from './restock';
import {
  cancelBackInStock,
  cancelTarget,
  cancelUrl,
  requestBackInStock,
  sendBackInStockNotices,
  verifiedCancelRequest,
} from './restock.server';

const soldOut = async (productId: number) => {
  const db = await getDb();
  await db.update(productStock).set({ quantity: 0 }).where(eq(productStock.productId, productId));
};
const mailsTo = async (email: string, kind: string) => {
  const db = await getDb();
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)));
};
const ask = (productId: number, email: unknown, more: Partial<Parameters<typeof requestBackInStock>[0]> = {}) =>
  requestBackInStock({ productId, email, account: null, requester: { clientIp: '10.9.0.1' }, ...more });
const restock = (productId: number, batchNumber: string) =>
  receiveBatch(productId, { ...FIRST_BATCH, batchNumber, packs: '12' });

describe('back in stock', () => {
  it('mails once when stock returns: not while sold out, not again on a second restock or a second run at once', async () => {
    await soldOut(2);
    const asked = await ask(2, ' Asha@Example.in ');
    expect(asked).toMatchObject({ ok: true });
    // Asking again reads the same and stores nothing new.
    expect(await ask(2, 'asha@example.in')).toEqual(asked);
    const db = await getDb();
    expect(await db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, 2))).toHaveLength(1);
    expect(await mailsTo('asha@example.in', 'back_in_stock_request')).toHaveLength(1);

    // Still sold out: nothing is sent.
    expect(await sendBackInStockNotices()).toEqual({ sent: 0, more: false });
    expect(await mailsTo('asha@example.in', 'back_in_stock')).toHaveLength(0);

    expect((await restock(2, 'BIS-1')).ok).toBe(true);
    const runs = await Promise.all([sendBackInStockNotices(), sendBackInStockNotices()]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
    expect((await restock(2, 'BIS-2')).ok).toBe(true);
    expect((await sendBackInStockNotices()).sent).toBe(0);
    const sent = await mailsTo('asha@example.in', 'back_in_stock');
    expect(sent).toHaveLength(1);
    expect(sent[0].textBody).toMatch(/back in stock/);
    expect(sent[0].textBody).toContain('/product/2');
  });

  it('answers a product in stock without storing a request, and an unknown product with 404', async () => {
    const inStock = await ask(3, 'ravi@example.in');
    expect(inStock).toMatchObject({ ok: true, notice: expect.stringContaining('in stock now') });
    const db = await getDb();
    expect(await db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, 3))).toHaveLength(0);
    const unknown = await ask(999_999, 'ravi@example.in');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(statusOf(unknown.code)).toBe(404);
  });

  it('refuses a bad address with 422 and stores nothing; a signed-in shopper may leave it for the account’s', async () => {
    await soldOut(4);
    for (const bad of ['not-an-email', 'a@b', `${'x'.repeat(250)}@e.in`]) {
      const refused = await ask(4, bad);
      expect(refused).toMatchObject({ ok: false, message: RESTOCK_MESSAGES.invalidEmail });
      if (!refused.ok) expect(statusOf(refused.code)).toBe(422);
    }
    // Neither an address nor WhatsApp ticked: nothing to write to.
    for (const none of ['', 42]) {
      const refused = await ask(4, none, { whatsapp: { consent: false, mobile: '98765 43210' } });
      expect(refused).toMatchObject({ ok: false, message: RESTOCK_MESSAGES.noContact });
      if (!refused.ok) expect(statusOf(refused.code)).toBe(422);
    }
    const db = await getDb();
    expect(await db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, 4))).toHaveLength(0);
    await db.insert(user).values({ id: 'bis-user', name: 'Kiran', email: 'kiran@example.in' });
    expect(await ask(4, '', { account: { id: 'bis-user', email: 'Kiran@Example.in' } })).toMatchObject({ ok: true });
    const [row] = await db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, 4));
    expect(row).toMatchObject({ email: 'kiran@example.in', userId: 'bis-user' });
  });

  it('refuses a flood from one network with 429, and an address asked for too often, without saying whether it was known', async () => {
    await soldOut(5);
    const { perAddress, perEmail } = INTAKE_LIMITS.back_in_stock;
    const fromOneNetwork = { clientIp: '10.9.9.9' };
    const answers = [];
    for (let i = 0; i <= perAddress.max; i++)
      answers.push(await ask(5, `flood${i}@example.in`, { requester: fromOneNetwork }));
    const last = answers.at(-1)!;
    expect(last).toMatchObject({ ok: false, message: LIMIT_MESSAGES.address });
    if (!last.ok) expect(statusOf(last.code)).toBe(429);
    const db = await getDb();
    expect(await db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, 5))).toHaveLength(
      perAddress.max,
    );
    // One address, from many networks: after its daily share the answer is the same limit for anyone.
    const victim = [];
    for (let i = 0; i <= perEmail.max; i++)
      victim.push(await ask(5, 'victim@example.in', { requester: { clientIp: `10.8.0.${i + 1}` } }));
    expect(victim.slice(0, perEmail.max).every((a) => a.ok)).toBe(true);
    expect(victim.at(-1)).toMatchObject({ ok: false, message: LIMIT_MESSAGES.email });
    expect(await mailsTo('victim@example.in', 'back_in_stock_request')).toHaveLength(1);
  });

  it('cancels with the signed link from the confirmation mail; a forged or expired link is refused', async () => {
    await soldOut(6);
    const now = new Date();
    await ask(6, 'meena@example.in');
    const [mail] = await mailsTo('meena@example.in', 'back_in_stock_request');
    const db = await getDb();
    const [row] = await db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, 6));
    const link = new URL(cancelUrl(row.id, row.createdAt));
    expect(mail.textBody).toContain(link.href);
    const params = Object.fromEntries(link.searchParams) as { r: string; e: string; t: string };
    expect(verifiedCancelRequest(params)).toBe(row.id);
    expect(verifiedCancelRequest({ ...params, r: String(row.id + 1) })).toBeNull();
    expect(verifiedCancelRequest({ ...params, e: String(Number(params.e) + 1) })).toBeNull();
    expect(
      verifiedCancelRequest({ ...params, t: `${params.t.slice(0, -1)}${params.t.endsWith('A') ? 'B' : 'A'}` }),
    ).toBeNull();
    expect(verifiedCancelRequest(params, new Date(now.getTime() + 366 * 86_400_000))).toBeNull();

    expect(await cancelTarget(row.id)).toMatchObject({ productId: 6, notified: false });
    expect(await cancelBackInStock(row.id)).toBe(true);
    expect(await cancelBackInStock(row.id)).toBe(false);
    await restock(6, 'BIS-6');
    await sendBackInStockNotices();
    expect(await mailsTo('meena@example.in', 'back_in_stock')).toHaveLength(0);
  });

  it('also sends on WhatsApp only with the box ticked and a valid number, once; a bad number is refused with 422', async () => {
    await soldOut(7);
    const refused = await ask(7, 'leela@example.in', { whatsapp: { consent: true, mobile: '12345' } });
    expect(refused).toMatchObject({ ok: false, errors: { whatsappMobile: INDIAN_MOBILE_MESSAGE } });
    if (!refused.ok) expect(statusOf(refused.code)).toBe(422);
    // A number without the tick is not kept; with it, the number and the time of the consent are.
    expect(await ask(7, 'no-tick@example.in', { whatsapp: { consent: false, mobile: '98765 43210' } })).toMatchObject({
      ok: true,
    });
    expect(await ask(7, 'leela@example.in', { whatsapp: { consent: true, mobile: '+91 98765 43211' } })).toMatchObject({
      ok: true,
    });
    const db = await getDb();
    const rows = await db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, 7));
    expect(rows.map((r) => [r.email, r.whatsappTo, r.whatsappConsentAt !== null]).sort()).toEqual([
      ['leela@example.in', '919876543211', true],
      ['no-tick@example.in', null, false],
    ]);

    await restock(7, 'BIS-7');
    await Promise.all([sendBackInStockNotices(), sendBackInStockNotices()]);
    const messages = await db.select().from(messageOutbox).where(eq(messageOutbox.template, 'back_in_stock'));
    expect(messages.map((m) => m.toPhone)).toEqual(['919876543211']);
    expect(messages[0].body).toContain('is back in stock at Vedara Ayurveda');
    expect(messages[0].body).toContain('/product/7');
  });

  it('on WhatsApp only: stored without an address, confirmed by no mail, and the one message sent once on restock', async () => {
    await soldOut(9);
    const db = await getDb();
    const confirmations = async () =>
      (await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'back_in_stock_request'))).length;
    const before = await confirmations();
    const asked = await ask(9, '', { whatsapp: { consent: true, mobile: '98765 00009' } });
    expect(asked).toMatchObject({ ok: true, notice: expect.stringContaining('once on WhatsApp') });
    const rows = await db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, 9));
    expect(rows).toEqual([expect.objectContaining({ email: null, userId: null, whatsappTo: '919876500009' })]);
    expect(await confirmations()).toBe(before);

    await restock(9, 'BIS-9');
    await Promise.all([sendBackInStockNotices(), sendBackInStockNotices()]);
    const messages = await db.select().from(messageOutbox).where(eq(messageOutbox.toPhone, '919876500009'));
    expect(messages.map((m) => m.template)).toEqual(['back_in_stock']);
    expect(messages[0].body).toContain('/product/9');
    const [sent] = await db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, 9));
    expect(sent.notifiedAt).not.toBeNull();
  });

  it('keeps one waiting request per product and number: asking again adds none, in the database too', async () => {
    await soldOut(10);
    const number = { consent: true, mobile: '+91 98765 00010' };
    expect(await ask(10, '', { whatsapp: number })).toMatchObject({ ok: true });
    expect(await ask(10, '', { whatsapp: number, requester: { clientIp: '10.9.1.2' } })).toMatchObject({ ok: true });
    // Another address with the same number: its mail request is kept, without the number (already waiting).
    expect(await ask(10, 'sister@example.in', { whatsapp: number })).toMatchObject({ ok: true });
    const db = await getDb();
    const rows = await db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, 10));
    expect(rows.map((r) => [r.email, r.whatsappTo]).sort()).toEqual([
      [null, '919876500010'],
      ['sister@example.in', null],
    ]);
    // The database refuses a second waiting request for the number, and one with nothing to write to.
    await expect(
      db
        .insert(backInStockRequests)
        .values({ productId: 10, whatsappTo: '919876500010', whatsappConsentAt: new Date() }),
    ).rejects.toThrow();
    await expect(db.insert(backInStockRequests).values({ productId: 10 })).rejects.toThrow();
    expect(await db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, 10))).toHaveLength(2);
  });

  it('refuses a number asked for too often with 429, from any network, and a bad number with 422; nothing is stored', async () => {
    const { perMobile } = INTAKE_LIMITS.back_in_stock;
    // A product each, so every request is new: the limit counts asks, whatever they ask for.
    const products = Array.from({ length: perMobile!.max + 1 }, (_, i) => 11 + i);
    for (const id of products) await soldOut(id);
    const answers = [];
    for (const [i, id] of products.entries())
      answers.push(
        await ask(id, '', {
          whatsapp: { consent: true, mobile: '9876500011' },
          requester: { clientIp: `10.7.0.${i + 1}` },
        }),
      );
    expect(answers.slice(0, perMobile!.max).every((a) => a.ok)).toBe(true);
    const last = answers.at(-1)!;
    expect(last).toMatchObject({ ok: false, message: LIMIT_MESSAGES.mobile });
    if (!last.ok) expect(statusOf(last.code)).toBe(429);
    const db = await getDb();
    const rows = await db.select().from(backInStockRequests).where(eq(backInStockRequests.whatsappTo, '919876500011'));
    expect(rows).toHaveLength(perMobile!.max);

    for (const bad of ['12345', '+1 415 555 0100', '5876500011', '98765 0001']) {
      const refused = await ask(products.at(-1)!, '', { whatsapp: { consent: true, mobile: bad } });
      expect(refused).toMatchObject({ ok: false, errors: { whatsappMobile: INDIAN_MOBILE_MESSAGE } });
      if (!refused.ok) expect(statusOf(refused.code)).toBe(422);
    }
    expect(
      await db
        .select()
        .from(backInStockRequests)
        .where(eq(backInStockRequests.productId, products.at(-1)!)),
    ).toHaveLength(0);
  });
});
