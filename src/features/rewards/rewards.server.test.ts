// Rewards on a real database: the sign-up bonus, the ledger, referrals and coupons.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { pointsLedger, rewardAccounts } from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import {
  applyReferral,
  findUsableCoupon,
  movePoints,
  NotEnoughPointsError,
  REFERRAL_MESSAGES,
  rewardReferrerOnDelivery,
  rewardsSummary,
} from './rewards.server';

async function customer(email: string, name = 'Meera Iyer') {
  const auth = await getAuth();
  const { user } = await auth.api.signUpEmail({ body: { name, email, password: 'tulsi-leaf-42' } });
  return user;
}

describe('rewards (real database)', () => {
  it('opens every new account with the 10 000-point sign-up bonus and a personal referral code', async () => {
    const meera = await customer('meera@example.in');
    const summary = await rewardsSummary(meera);
    expect(summary.balance).toBe(10_000);
    expect(summary.rupeeValue).toBe(200);
    expect(summary.referralCode).toMatch(/^MEERA-[2-9A-Z]{4}$/);
    expect(summary.history).toEqual([expect.objectContaining({ delta: 10_000, reason: 'signup' })]);
  });

  it('never lets a balance go below zero, even with concurrent redemptions, and records every movement', async () => {
    const db = await getDb();
    const ravi = await customer('ravi-points@example.in', 'Ravi');
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, () => db.transaction((tx) => movePoints(tx, ravi.id, -4_000, 'redemption'))),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
    expect(
      attempts
        .filter((a) => a.status === 'rejected')
        .every((a) => (a as PromiseRejectedResult).reason instanceof NotEnoughPointsError),
    ).toBe(true);
    const [account] = await db.select().from(rewardAccounts).where(eq(rewardAccounts.userId, ravi.id));
    expect(account.balance).toBe(2_000);
    const [{ total }] = await db
      .select({ total: sql<number>`sum(${pointsLedger.delta})::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, ravi.id));
    expect(total).toBe(2_000);
  });

  it('gives a referred friend a 20 % coupon and the referrer one when the friend’s first order is delivered, once', async () => {
    const db = await getDb();
    const referrer = await customer('referrer@example.in', 'Kavya');
    const { referralCode } = await rewardsSummary(referrer);
    const friend = await customer('friend@example.in', 'Arjun');

    expect(await db.transaction((tx) => applyReferral(tx, friend.id, 'NOPE-2222'))).toEqual({
      ok: false,
      code: 'not_found',
      message: REFERRAL_MESSAGES.invalid,
    });
    expect(await db.transaction((tx) => applyReferral(tx, referrer.id, referralCode))).toEqual({
      ok: false,
      code: 'conflict',
      message: REFERRAL_MESSAGES.own,
    });
    expect(await db.transaction((tx) => applyReferral(tx, friend.id, referralCode.toLowerCase()))).toEqual({
      ok: true,
    });
    expect(await db.transaction((tx) => applyReferral(tx, friend.id, referralCode))).toEqual({
      ok: false,
      code: 'conflict',
      message: REFERRAL_MESSAGES.already,
    });

    const friendCoupons = (await rewardsSummary(friend)).coupons;
    expect(friendCoupons).toEqual([expect.objectContaining({ percentOff: 20, reason: 'referral_welcome' })]);
    expect(await findUsableCoupon(db, referrer.id, friendCoupons[0].code)).toBeNull(); // not the referrer's to use

    expect(await db.transaction((tx) => rewardReferrerOnDelivery(tx, friend.id))).toBe(true);
    expect(await db.transaction((tx) => rewardReferrerOnDelivery(tx, friend.id))).toBe(false);
    expect((await rewardsSummary(referrer)).coupons).toEqual([
      expect.objectContaining({ percentOff: 20, reason: 'referral_thanks' }),
    ]);
  });
});
