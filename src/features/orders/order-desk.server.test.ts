// The orders desk on a real database: the lifecycle, what each move does to stock, points and
// referrals, and the mail the customer gets.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { emailOutbox, orders, productStock, user as users } from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import { cartWith } from '../../../tests/support/carts';
import { placeOrder } from '../checkout/checkout.server';
import { applyReferral, rewardsSummary } from '../rewards/rewards.server';
import { claimGuestOrders } from '../auth/guest-orders.server';
import { deskOrderDetail, listDeskOrders, moveOrder } from './order-desk.server';

const address = { name: 'Meera Iyer', line1: '12 Ganga Vihar', line2: '', city: 'Haridwar', state: 'Uttarakhand', pin: '249401' };
let keys = 0;

async function order(email: string, customer: { id: string; email: string } | null = null, productId = 2) {
  const cart = await cartWith([{ productId, quantity: 1 }], customer);
  const result = await placeOrder({ email, phone: '9876543210', address, usePoints: false, expectedTotal: null, idempotencyKey: `desk-test-key-${++keys}-${Date.now()}` }, cart, customer);
  if (!result.ok) throw new Error(result.message);
  return result.orderNumber;
}

const stockOf = async (productId: number) => {
  const db = await getDb();
  return (await db.select().from(productStock).where(eq(productStock.productId, productId)))[0].quantity;
};

describe('orders desk (real database)', () => {
  it('confirms, ships with a tracking number, delivers — one history row and one mail per move', async () => {
    const number = await order('desk-guest@example.in');
    expect(await moveOrder('Staff', number, { move: 'ship' })).toEqual({ ok: false, message: 'Enter the courier and the tracking number to mark the order shipped.' });
    expect(await moveOrder('Staff', number, { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL123' }))
      .toEqual({ ok: false, message: 'An order that is pending cannot be marked shipped.' });
    expect(await moveOrder('Staff', number, { move: 'confirm' })).toEqual({ ok: true });
    expect(await moveOrder('Staff', number, { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL123' })).toEqual({ ok: true });
    expect(await moveOrder('Staff', number, { move: 'deliver' })).toEqual({ ok: true });
    expect(await moveOrder('Staff', number, { move: 'cancel_by_staff' })).toEqual({ ok: false, message: 'An order that is delivered cannot be marked cancelled.' });

    const detail = (await deskOrderDetail(number))!;
    expect(detail.order.status).toBe('delivered');
    expect(detail.history.map((h) => h.status)).toEqual(['pending', 'confirmed', 'shipped', 'delivered']);
    expect(detail.history[2]).toMatchObject({ courier: 'Delhivery', trackingNumber: 'DL123' });
    const db = await getDb();
    const mails = await db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.toAddress, 'desk-guest@example.in'));
    expect(mails.map((m) => m.kind)).toEqual(expect.arrayContaining(['order_confirmed', 'order_shipped', 'order_delivered']));

    const listed = await listDeskOrders({ status: 'delivered', q: 'desk-guest' });
    expect(listed.rows.map((r) => r.orderNumber)).toContain(number);
    expect((await listDeskOrders({ q: number.toLowerCase() })).rows).toHaveLength(1);
  });

  it('an account’s order earns points; a staff cancel puts the stock back and takes the points back', async () => {
    const auth = await getAuth();
    const { user } = await auth.api.signUpEmail({ body: { name: 'Points Buyer', email: 'points-buyer@example.in', password: 'tulsi-leaf-42' } });
    const before = await stockOf(3);
    const number = await order(user.email, { id: user.id, email: user.email }, 3);
    const db = await getDb();
    const [placed] = await db.select().from(orders).where(eq(orders.orderNumber, number));
    expect((await rewardsSummary(user)).balance).toBe(10_000 + placed.total * 5);
    expect(await stockOf(3)).toBe(before - 1);

    expect(await moveOrder('Staff', number, { move: 'cancel_by_staff', note: 'Customer asked by phone' })).toEqual({ ok: true });
    expect(await stockOf(3)).toBe(before);
    expect((await rewardsSummary(user)).balance).toBe(10_000);
  });

  it('the referrer gets a coupon when the referred friend’s first order is delivered', async () => {
    const auth = await getAuth();
    const { user: referrer } = await auth.api.signUpEmail({ body: { name: 'Kavya', email: 'desk-referrer@example.in', password: 'tulsi-leaf-42' } });
    const { user: friend } = await auth.api.signUpEmail({ body: { name: 'Arjun', email: 'desk-friend@example.in', password: 'tulsi-leaf-42' } });
    const db = await getDb();
    const { referralCode } = await rewardsSummary(referrer);
    await db.transaction((tx) => applyReferral(tx, friend.id, referralCode));
    const number = await order(friend.email, { id: friend.id, email: friend.email });
    for (const step of [{ move: 'confirm' }, { move: 'ship', courier: 'Blue Dart', trackingNumber: 'BD9' }, { move: 'deliver' }]) {
      expect(await moveOrder('Staff', number, step)).toEqual({ ok: true });
    }
    expect((await rewardsSummary(referrer)).coupons).toEqual([expect.objectContaining({ reason: 'referral_thanks', percentOff: 20 })]);
  });

  it('guest orders join the account once its email is verified', async () => {
    const number = await order('later-customer@example.in');
    const auth = await getAuth();
    const { user } = await auth.api.signUpEmail({ body: { name: 'Later', email: 'Later-Customer@example.in', password: 'tulsi-leaf-42' } });
    const db = await getDb();
    expect(await claimGuestOrders(db, user.id)).toBe(0); // not verified yet
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    expect(await claimGuestOrders(db, user.id)).toBe(1);
    expect((await deskOrderDetail(number))!.order.customerId).toBe(user.id);
  });
});

describe('returns (real database)', () => {
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(32).fill(0)])], 'parcel.png', { type: 'image/png' });
  const returnForm = (reason: string, photos: File[] = []) => {
    const form = new FormData();
    form.set('reason', reason);
    for (const photo of photos) form.append('photos', photo);
    return form;
  };

  it('lets the customer ask within 7 days of delivery; staff accept it, the points go back, then refund', async () => {
    const { requestReturn } = await import('./returns.server');
    const auth = await getAuth();
    const { user } = await auth.api.signUpEmail({ body: { name: 'Return Buyer', email: 'return-buyer@example.in', password: 'tulsi-leaf-42' } });
    const customer = { id: user.id, email: user.email };
    const number = await order(user.email, customer);
    const viewer = { customer };
    const delivered = new Date();
    expect(await requestReturn(number, viewer, returnForm('The jar arrived cracked.'), delivered)).toEqual({ ok: false, text: 'Returns can be requested within 7 days of delivery.' });
    for (const step of [{ move: 'confirm' }, { move: 'ship', courier: 'Delhivery', trackingNumber: 'R1' }, { move: 'deliver' }]) {
      expect(await moveOrder('Staff', number, step, delivered)).toEqual({ ok: true });
    }
    expect(await requestReturn(number, viewer, returnForm('bad'), delivered)).toMatchObject({ ok: false });
    const eightDaysLater = new Date(delivered.getTime() + 8 * 86_400_000);
    expect(await requestReturn(number, viewer, returnForm('The jar arrived cracked.'), eightDaysLater)).toEqual({ ok: false, text: 'Returns can be requested within 7 days of delivery.' });
    expect(await requestReturn(number, { customer: { id: 'someone-else' } }, returnForm('The jar arrived cracked.'), delivered)).toBeNull();

    const twoDaysLater = new Date(delivered.getTime() + 2 * 86_400_000);
    expect(await requestReturn(number, viewer, returnForm('The jar arrived cracked.', [png()]), twoDaysLater))
      .toEqual({ ok: true, text: 'Your return request has been sent. We reply within 48 working hours.' });
    const detail = (await deskOrderDetail(number))!;
    expect(detail.order.status).toBe('return_requested');
    expect(detail.returnRequest).toMatchObject({ reason: 'The jar arrived cracked.', photos: [expect.stringMatching(/^\/media\/returns\/VA-\w+-[0-9a-f]+\.png$/)] });

    expect(await moveOrder('Staff', number, { move: 'receive_return' }, twoDaysLater)).toEqual({ ok: true });
    expect((await rewardsSummary(user)).balance).toBe(10_000);
    expect(await moveOrder('Staff', number, { move: 'refund' }, twoDaysLater)).toEqual({ ok: true });
  });
});
