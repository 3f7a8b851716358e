// The orders desk on a real database: the lifecycle, what each move does to stock, points and
// referrals, and the mail the customer gets. Returns: returns.server.test.ts.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { emailOutbox, orders, productStock, user as users } from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import { placeTestOrder } from '../../../tests/support/orders';
import { applyReferral, rewardsSummary } from '../rewards/rewards.server';
import { claimGuestOrders } from '../auth/guest-orders.server';
import { deskOrderDetail, listDeskOrders, moveOrder, refundPayoutDestination } from './order-desk.server';
import { customerDataAccessLog, recordDataAccessLog } from '../privacy/data-access-log.server';
import { can, type StaffRole } from '../../lib/permissions';

const STAFF = { id: null, name: 'Staff' };
const order = placeTestOrder;

const stockOf = async (productId: number) => {
  const db = await getDb();
  return (await db.select().from(productStock).where(eq(productStock.productId, productId)))[0].quantity;
};

describe('orders desk (real database)', () => {
  it('confirms, ships with a tracking number, delivers — one history row and one mail per move', async () => {
    const number = await order('desk-guest@example.in');
    expect(await moveOrder(STAFF, number, { move: 'ship' })).toEqual({
      ok: false,
      code: 'conflict',
      message: 'Enter the courier and the tracking number to mark the order shipped.',
    });
    expect(await moveOrder(STAFF, number, { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL123' })).toEqual({
      ok: false,
      code: 'conflict',
      message: 'An order that is pending cannot be marked shipped.',
    });
    expect(await moveOrder(STAFF, number, { move: 'confirm' })).toEqual({ ok: true });
    expect(await moveOrder(STAFF, number, { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL123' })).toEqual({
      ok: true,
    });
    expect(await moveOrder(STAFF, number, { move: 'deliver' })).toEqual({ ok: true });
    expect(await moveOrder(STAFF, number, { move: 'cancel_by_staff' })).toEqual({
      ok: false,
      code: 'conflict',
      message: 'An order that is delivered cannot be marked cancelled.',
    });

    const detail = (await deskOrderDetail(number))!;
    expect(detail.order.status).toBe('delivered');
    expect(detail.history.map((h) => h.status)).toEqual(['pending', 'confirmed', 'shipped', 'delivered']);
    expect(detail.history[2]).toMatchObject({ courier: 'Delhivery', trackingNumber: 'DL123' });
    const db = await getDb();
    const mails = await db
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'desk-guest@example.in'));
    expect(mails.map((m) => m.kind)).toEqual(
      expect.arrayContaining(['order_confirmed', 'order_shipped', 'order_delivered']),
    );

    const listed = await listDeskOrders({ status: 'delivered', q: 'desk-guest' });
    expect(listed.rows.map((r) => r.orderNumber)).toContain(number);
    expect((await listDeskOrders({ q: number.toLowerCase() })).rows).toHaveLength(1);
  });

  it('an account’s order earns points; a staff cancel puts the stock back and takes the points back', async () => {
    const auth = await getAuth();
    const { user } = await auth.api.signUpEmail({
      body: { name: 'Points Buyer', email: 'points-buyer@example.in', password: 'tulsi-leaf-42' },
    });
    const before = await stockOf(3);
    const number = await order(user.email, { id: user.id, email: user.email }, 3);
    const db = await getDb();
    const [placed] = await db.select().from(orders).where(eq(orders.orderNumber, number));
    expect((await rewardsSummary(user)).balance).toBe(10_000 + placed.total * 5);
    expect(await stockOf(3)).toBe(before - 1);

    expect(await moveOrder(STAFF, number, { move: 'cancel_by_staff', note: 'Customer asked by phone' })).toEqual({
      ok: true,
    });
    expect(await stockOf(3)).toBe(before);
    expect((await rewardsSummary(user)).balance).toBe(10_000);
  });

  it('the referrer gets a coupon when the referred friend’s first order is delivered', async () => {
    const auth = await getAuth();
    const { user: referrer } = await auth.api.signUpEmail({
      body: { name: 'Kavya', email: 'desk-referrer@example.in', password: 'tulsi-leaf-42' },
    });
    const { user: friend } = await auth.api.signUpEmail({
      body: { name: 'Arjun', email: 'desk-friend@example.in', password: 'tulsi-leaf-42' },
    });
    const db = await getDb();
    const { referralCode } = await rewardsSummary(referrer);
    await db.transaction((tx) => applyReferral(tx, friend.id, referralCode));
    const number = await order(friend.email, { id: friend.id, email: friend.email });
    for (const step of [
      { move: 'confirm' },
      { move: 'ship', courier: 'Blue Dart', trackingNumber: 'BD9' },
      { move: 'deliver' },
    ]) {
      expect(await moveOrder(STAFF, number, step)).toEqual({ ok: true });
    }
    expect((await rewardsSummary(referrer)).coupons).toEqual([
      expect.objectContaining({ reason: 'referral_thanks', percentOff: 20 }),
    ]);
  });

  it('guest orders join the account once its email is verified', async () => {
    const number = await order('later-customer@example.in');
    const auth = await getAuth();
    const { user } = await auth.api.signUpEmail({
      body: { name: 'Later', email: 'Later-Customer@example.in', password: 'tulsi-leaf-42' },
    });
    const db = await getDb();
    expect(await claimGuestOrders(db, user.id)).toBe(0); // not verified yet
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    expect(await claimGuestOrders(db, user.id)).toBe(1);
    expect((await deskOrderDetail(number))!.order.customerId).toBe(user.id);
  });

  it('gives the COD refund’s destination in full to who may refund, logged as an opening of the customer’s data; masked to staff', async () => {
    const auth = await getAuth();
    const signUp = async (email: string) =>
      (await auth.api.signUpEmail({ body: { name: 'Desk', email, password: 'tulsi-leaf-42' } })).user;
    const [customer, owner, packer] = await Promise.all(
      ['payout-customer@example.in', 'payout-owner@example.in', 'payout-packer@example.in'].map(signUp),
    );
    const member = (user: { id: string }, role: StaffRole) => ({
      user,
      role,
      may: (a: Parameters<typeof can>[1]) => can(role, a),
    });
    const order = { orderNumber: 'VA-PAYOUT-1', customerId: customer.id, email: customer.email };
    const upi = { refundUpi: 'asha.rao@okaxis', refundAccount: null, refundIfsc: null };
    const bank = { refundUpi: null, refundAccount: '123456781234', refundIfsc: 'SBIN0001234' };

    expect(await refundPayoutDestination(member(packer, 'staff'), order, upi)).toBe('UPI a•••@okaxis');
    expect(await customerDataAccessLog(customer.id)).toEqual([]);

    expect(await refundPayoutDestination(member(owner, 'owner'), order, upi)).toBe('UPI asha.rao@okaxis');
    expect(await refundPayoutDestination(member(owner, 'admin'), order, bank)).toBe(
      'Bank account 123456781234 (IFSC SBIN0001234)',
    );
    const shown = (role: string) =>
      expect.objectContaining({ what: 'refund destination', role, recordRef: 'VA-PAYOUT-1', staffEmail: owner.email });
    expect(await customerDataAccessLog(customer.id)).toEqual([shown('admin'), shown('owner')]);
    // A guest's order is logged under the order, found on its page.
    const guestOrder = { orderNumber: 'VA-PAYOUT-2', customerId: null, email: 'payout-guest@example.in' };
    expect(await refundPayoutDestination(member(owner, 'owner'), guestOrder, upi)).toBe('UPI asha.rao@okaxis');
    expect(await recordDataAccessLog({ kind: 'order', ref: 'VA-PAYOUT-2' })).toEqual([
      expect.objectContaining({ what: 'refund destination', role: 'owner', recordRef: 'VA-PAYOUT-2' }),
    ]);
    expect(await customerDataAccessLog(customer.id)).toHaveLength(2);
  });
});
