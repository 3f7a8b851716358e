// The offers ticker tells the truth (docs/decisions/0097-truthful-offers-ticker.md): on the
// seed database every line it shows is an offer the one quote applies, and a line goes when its offer
// does (the desk's online-payment offer switched off, the last buy-1-get-1 product archived).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import { products } from '../../db/schema';
import { codRefusal, loadPaymentSettings, saveSettings } from '../payments/payment-settings.server';
import { TICKER, tickerLines } from './offer-lines';
import { loadLiveOffers, loadQuoteLines } from './pricing.server';
import { FIRST_ORDER_PERCENT, FREE_SHIPPING_FROM, quoteCart, type QuoteContext } from './quote';

const context = (over: Partial<QuoteContext> = {}): QuoteContext => ({
  code: null,
  storeCode: null,
  coupon: null,
  firstOrder: 'sign-in',
  ...over,
});

describe('the offers ticker shows only offers the quote applies', () => {
  it('on the seed: every line is an offer a checkout would give', async () => {
    const db = await getDb();
    const live = await loadLiveOffers(db);
    const lines = tickerLines(live);
    expect(lines).not.toContain('FLASH SALE');
    expect(lines).toEqual([
      TICKER.bogo,
      TICKER.firstOrder,
      TICKER.freeShipping,
      ...(live.prepaid ? [TICKER.prepaid(live.prepaid)] : []),
      TICKER.cod,
    ]);

    // Buy 1 get 1: two units of a product marked for it, one free.
    const [bogo] = await db.select({ id: products.id }).from(products).where(eq(products.buyOneGetOne, true)).limit(1);
    const pair = await loadQuoteLines(db, [{ productId: bogo.id, months: 1, quantity: 2 }]);
    const bogoQuote = quoteCart(pair.lines, context());
    expect(bogoQuote.offer?.kind).toBe('bogo');
    expect(bogoQuote.lines[0].freeUnits).toBe(1);

    // The first order of an account: 30 % off (up to, as the line says: another offer may save more).
    const [plain] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.buyOneGetOne, false))
      .limit(1);
    const one = await loadQuoteLines(db, [{ productId: plain.id, months: 1, quantity: 1 }]);
    const first = quoteCart(one.lines, context({ firstOrder: 'eligible' }));
    expect(first.offer?.kind).toBe('first_order');
    expect(first.discount).toBe(Math.round((first.subtotal * FIRST_ORDER_PERCENT) / 100));

    // Free shipping from ₹499 after the discount, ₹50 below: the line names the floor.
    const atFloor = quoteCart([{ ...one.lines[0], unitPrice: FREE_SHIPPING_FROM }], context());
    const below = quoteCart([{ ...one.lines[0], unitPrice: FREE_SHIPPING_FROM - 1 }], context());
    expect([atFloor.shipping, below.shipping]).toEqual([0, 50]);
    expect(TICKER.freeShipping).toContain(`₹${FREE_SHIPPING_FROM} AND ABOVE`);

    // Paying online: the desk's offer comes off the online total.
    if (live.prepaid) {
      const online = quoteCart(one.lines, context({ prepaid: { offer: live.prepaid, chosen: true } }));
      expect(online.prepaidDiscount).toBeGreaterThan(0);
    }

    // Cash on delivery: an ordinary order to an ordinary PIN code may pay in cash.
    expect(await codRefusal(db, first.total, '249401')).toBeNull();
  });

  it('a line goes when its offer does', async () => {
    const db = await getDb();
    const settings = await loadPaymentSettings(db);
    await saveSettings(db, { prepaid: { kind: 'none', value: 0, cap: null }, codMaxTotal: settings.codMaxTotal });
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.buyOneGetOne, true));

    const lines = tickerLines(await loadLiveOffers(db));
    expect(lines).toEqual([TICKER.firstOrder, TICKER.freeShipping, TICKER.cod]);

    await saveSettings(db, { prepaid: { kind: 'percent', value: 5, cap: 100 }, codMaxTotal: settings.codMaxTotal });
    const live = await loadLiveOffers(db);
    // The test gateway takes payments in tests, so the desk's offer is live and named as the quote names it.
    expect(tickerLines(live)).toContain('5% OFF, UP TO ₹100 WHEN YOU PAY ONLINE');
  });
});
