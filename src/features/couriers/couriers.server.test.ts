// The desk's courier list on a real database: seeded with the couriers the store linked to before; an
// owner adds and changes couriers (an http or number-less tracking page, a name already there: a clear
// 4xx, nothing saved); shipping an order takes a courier of the list only; the order page, /track, the
// shipped mail and the WhatsApp message all link to the parcel through the list, the number URL-encoded.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailsTo, placeTestOrder } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import { couriers, messageOutbox, orders } from '../../db/schema';
import { COURIER_MESSAGES } from '../../lib/couriers';
import { PostedForm, statusOf } from '../../server/http/form.server';
import { recordConsent } from '../privacy/consent-records.server';
import { orderAccessToken } from '../orders/order-access.server';
import { moveOrder } from '../orders/order-desk.server';
import { loadOrderPage } from '../orders/order-page.server';
import { trackOrder } from '../orders/orders.server';
import { activeCouriers, couriersDeskRequest, listCouriers } from './couriers.server';

const staff = { id: null, name: 'Desk Tester' };
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return new PostedForm(data);
};
const names = async () => (await listCouriers(await getDb())).map((c) => [c.name, c.trackingUrlTemplate, c.active]);

describe('courier list', () => {
  it('starts with the couriers the store linked to before', async () => {
    expect(await names()).toEqual([
      ['Blue Dart', 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={number}', true],
      ['Delhivery', 'https://www.delhivery.com/track-v2/package/{number}', true],
    ]);
  });

  it('refuses a tracking page that is not https, has no {number} or is no address, and a name already there', async () => {
    const before = await names();
    const tries: [Record<string, string>, string, number][] = [
      [{ name: 'Ekart', template: 'http://ekartlogistics.com/track/{number}' }, COURIER_MESSAGES.https, 422],
      [{ name: 'Ekart', template: 'javascript:alert(1)//{number}' }, COURIER_MESSAGES.https, 422],
      [{ name: 'Ekart', template: 'https://ekartlogistics.com/track/' }, COURIER_MESSAGES.placeholder, 422],
      [{ name: 'Ekart', template: 'https://ekartlogistics.com/{number}/{number}' }, COURIER_MESSAGES.placeholder, 422],
      [{ name: 'Ekart', template: 'https://ekart logistics.com/{number}' }, COURIER_MESSAGES.https, 422],
      [{ name: '', template: 'https://ekartlogistics.com/track/{number}' }, COURIER_MESSAGES.name, 422],
      [{ name: ' delhivery ', template: 'https://example.com/t/{number}' }, COURIER_MESSAGES.taken, 409],
    ];
    for (const [fields, message, status] of tries) {
      const outcome = await couriersDeskRequest(form({ intent: 'add', ...fields }));
      expect(outcome, JSON.stringify(fields)).toMatchObject({ ok: false, message });
      expect(!outcome.ok && statusOf(outcome.code)).toBe(status);
    }
    expect(await names()).toEqual(before);
  });

  it('adds, changes and retires a courier; the ship form offers the active ones and shipping takes only those', async () => {
    const added = await couriersDeskRequest(
      form({ intent: 'add', name: 'Ekart', template: 'https://ekartlogistics.com/shipmenttrack/{number}' }),
    );
    expect(added).toEqual({ ok: true, notice: 'Ekart is on the courier list.' });
    const db = await getDb();
    const [ekart] = await db.select().from(couriers).where(eq(couriers.name, 'Ekart'));
    expect(
      await couriersDeskRequest(
        form({ intent: 'update', id: String(ekart.id), name: 'Ekart', template: 'ftp://ekart/{number}' }),
      ),
    ).toMatchObject({ ok: false, code: 'unprocessable', errors: { template: COURIER_MESSAGES.https } });
    expect(
      await couriersDeskRequest(
        form({
          intent: 'update',
          id: String(ekart.id),
          name: 'Ekart',
          template: 'https://ekart.example/t?awb={number}',
        }),
      ),
    ).toEqual({ ok: true, notice: 'Ekart saved.' });
    expect((await activeCouriers(db)).map((c) => c.name)).toEqual(['Blue Dart', 'Delhivery', 'Ekart']);

    const number = await placeTestOrder('ekart-ship@example.in');
    await moveOrder(staff, number, { move: 'confirm' });
    expect(await moveOrder(staff, number, { move: 'ship', courier: 'Shadowfax', trackingNumber: 'SF1' })).toEqual({
      ok: false,
      code: 'unprocessable',
      message: COURIER_MESSAGES.unknown,
    });
    expect(await couriersDeskRequest(form({ intent: 'retire', id: String(ekart.id) }))).toMatchObject({ ok: true });
    expect((await activeCouriers(db)).map((c) => c.name)).toEqual(['Blue Dart', 'Delhivery']);
    expect(await moveOrder(staff, number, { move: 'ship', courier: 'Ekart', trackingNumber: 'EK1' })).toEqual({
      ok: false,
      code: 'unprocessable',
      message: COURIER_MESSAGES.unknown,
    });
    const [order] = await db.select().from(orders).where(eq(orders.orderNumber, number));
    expect(order.status).toBe('confirmed');
    expect(await couriersDeskRequest(form({ intent: 'restore', id: String(ekart.id) }))).toMatchObject({ ok: true });
    // Named any way, the list's spelling is recorded.
    expect(await moveOrder(staff, number, { move: 'ship', courier: ' ekart ', trackingNumber: 'EK 12/3' })).toEqual({
      ok: true,
    });
    const page = await loadOrderPage(number, { customer: null, token: null });
    // Not the viewer's order without a token: checked with the owner's view below.
    expect(page).toBeNull();
  });

  it('the order page, /track, the shipped mail and the WhatsApp message link to the parcel, the number URL-encoded', async () => {
    const email = 'parcel-link@example.in';
    await recordConsent(await getDb(), { email, purpose: 'whatsapp_order_updates', granted: true, source: 'account' });
    const number = await placeTestOrder(email);
    await moveOrder(staff, number, { move: 'confirm' });
    expect(await moveOrder(staff, number, { move: 'ship', courier: 'delhivery', trackingNumber: 'DL 77/9' })).toEqual({
      ok: true,
    });
    const url = 'https://www.delhivery.com/track-v2/package/DL%2077%2F9';

    const tracked = await trackOrder(number, email);
    expect(tracked).toMatchObject({ courier: 'Delhivery', trackingNumber: 'DL 77/9', parcelUrl: url });

    const db = await getDb();
    const [order] = await db.select().from(orders).where(eq(orders.orderNumber, number));
    const page = await loadOrderPage(number, { customer: null, token: orderAccessToken(number, email) });
    expect(Object.values(page!.parcelLinks)).toEqual([url]);

    const shippedMail = (await mailsTo(email)).find((m) => m.kind === 'order_shipped');
    expect(shippedMail?.text).toContain(`Follow the parcel on Delhivery’s site: ${url}`);
    const [whatsapp] = await db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.orderId, order.id))
      .orderBy(asc(messageOutbox.id))
      .then((rows) => rows.filter((m) => m.template === 'order_shipped'));
    expect(whatsapp.body).toContain(url);

    // The courier moves its tracking page: orders it carried follow at once.
    const [delhivery] = await db.select().from(couriers).where(eq(couriers.name, 'Delhivery'));
    await couriersDeskRequest(
      form({
        intent: 'update',
        id: String(delhivery.id),
        name: 'Delhivery',
        template: 'https://track.delhivery.example/{number}',
      }),
    );
    expect((await trackOrder(number, email))?.parcelUrl).toBe('https://track.delhivery.example/DL%2077%2F9');
  });
});
