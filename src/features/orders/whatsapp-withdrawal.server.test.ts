// A guest who ticked "Send me order updates on WhatsApp" at checkout stops them from the order page its
// mail links to, with one press and no account (DPDP Act s. 6(4)): later moves send no WhatsApp message.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { placeTestOrder } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import { consentRecords, messageOutbox, orders } from '../../db/schema';
import { PostedForm } from '../../server/http/form.server';
import { latestConsent, recordConsent } from '../privacy/consent-records.server';
import { orderAccessToken } from './order-access.server';
import { moveOrder } from './order-desk.server';
import { loadOrderPage, orderFormRequest, WHATSAPP_STOPPED } from './order-page.server';

const staff = { id: null, name: 'Desk Tester' };
const stop = () => {
  const data = new FormData();
  data.set('intent', 'whatsapp_stop');
  return new PostedForm(data);
};

describe('stopping WhatsApp order updates from the order page', () => {
  it('takes one press by whoever holds the order link, is recorded, and later moves send no WhatsApp', async () => {
    const email = 'whatsapp-stop@example.in';
    const db = await getDb();
    await recordConsent(db, { email, purpose: 'whatsapp_order_updates', granted: true, source: 'checkout' });
    const number = await placeTestOrder(email);
    const guest = { customer: null, token: orderAccessToken(number, email) };
    expect((await loadOrderPage(number, guest))?.whatsappUpdates).toBe(true);

    // A stranger without the link cannot stop them.
    expect(await orderFormRequest(stop(), number, { customer: null, token: 'forged' })).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(await latestConsent(db, email, 'whatsapp_order_updates')).toBe(true);

    expect(await orderFormRequest(stop(), number, guest)).toEqual({ ok: true, notice: WHATSAPP_STOPPED });
    expect(await latestConsent(db, email, 'whatsapp_order_updates')).toBe(false);
    const page = await loadOrderPage(number, guest);
    expect(page?.whatsappUpdates).toBe(false);
    const [withdrawal] = await db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.email, email))
      .orderBy(consentRecords.id)
      .then((rows) => rows.slice(-1));
    expect(withdrawal).toMatchObject({ granted: false, source: 'order page' });

    // Pressed again (a second tab): nothing more is recorded.
    await orderFormRequest(stop(), number, guest);
    expect(await db.select().from(consentRecords).where(eq(consentRecords.email, email))).toHaveLength(2);

    await moveOrder(staff, number, { move: 'confirm' });
    expect(await moveOrder(staff, number, { move: 'ship', courier: 'Delhivery', trackingNumber: 'WA-1' })).toEqual({
      ok: true,
    });
    const [order] = await db.select().from(orders).where(eq(orders.orderNumber, number));
    const whatsapp = (await db.select().from(messageOutbox).where(eq(messageOutbox.orderId, order.id))).filter(
      (m) => m.channel === 'whatsapp',
    );
    // Only the placing's message, sent while the updates were on.
    expect(whatsapp.map((m) => m.template)).toEqual(['order_placed_cod']);
  });
});
