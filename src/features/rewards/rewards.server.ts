// Rewards and referrals on the database: the points ledger, personal referral codes and the 20 %
// coupons they earn. Functions taking `tx` run inside the caller's transaction (sign-up, order,
// status change), so points move together with the business step or not at all.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { coupons, pointsLedger, referrals, rewardAccounts, user } from '../../db/schema';
import { earnedPointsBack } from '../../lib/refund-allocation';
import { DomainError, refusal, type Refusal } from '../../lib/errors';
import { normaliseReferralCode, pointsForOrder, referralCodeFor, REWARDS, rupeesForPoints } from '../../lib/rewards';
import { refuse, type FormRefusal, type PostedForm } from '../../server/http/form.server';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
export type LedgerReason = (typeof pointsLedger.$inferInsert)['reason'];

/** Points spent twice at once: the second spend finds the balance gone (its transaction rolls back). */
export class NotEnoughPointsError extends DomainError {
  constructor() {
    super('conflict', 'You do not have enough points for that.');
  }
}

export const REFERRAL_MESSAGES = {
  invalid: 'This referral code is not valid.',
  own: 'You cannot use your own referral code.',
  already: 'A referral code has already been used for this account.',
} as const;

/** The customer's reward account, created with the sign-up bonus and a referral code the first time. */
export async function ensureRewardAccount(tx: Tx, account: { id: string; name: string }) {
  const [existing] = await tx.select().from(rewardAccounts).where(eq(rewardAccounts.userId, account.id));
  if (existing) return existing;
  for (let attempt = 0; attempt < 8; attempt++) {
    const [created] = await tx
      .insert(rewardAccounts)
      .values({ userId: account.id, referralCode: referralCodeFor(account.name) })
      .onConflictDoNothing()
      .returning();
    if (created) {
      const balance = await movePoints(tx, account.id, REWARDS.signupPoints, 'signup', { note: 'Welcome bonus' });
      return { ...created, balance };
    }
    // Either another request created the account meanwhile, or the code was taken: look, then retry.
    const [raced] = await tx.select().from(rewardAccounts).where(eq(rewardAccounts.userId, account.id));
    if (raced) return raced;
  }
  throw new Error('Could not allocate a referral code');
}

/**
 * One movement of points: the balance changes only if it stays at or above zero, and the ledger row is
 * written with it. Throws NotEnoughPointsError otherwise.
 */
export async function movePoints(
  tx: Tx,
  userId: string,
  delta: number,
  reason: LedgerReason,
  details: { orderId?: number; returnId?: number; note?: string; createdBy?: string } = {},
): Promise<number> {
  if (!Number.isInteger(delta) || delta === 0) throw new Error('Points move by a whole, non-zero amount');
  const [row] = await tx
    .update(rewardAccounts)
    .set({ balance: sql`${rewardAccounts.balance} + ${delta}` })
    .where(and(eq(rewardAccounts.userId, userId), sql`${rewardAccounts.balance} + ${delta} >= 0`))
    .returning({ balance: rewardAccounts.balance });
  if (!row) throw new NotEnoughPointsError();
  await tx.insert(pointsLedger).values({
    userId,
    delta,
    reason,
    orderId: details.orderId,
    returnId: details.returnId,
    note: details.note,
    createdBy: details.createdBy,
  });
  return row.balance;
}

/** The points balance (0 before the account exists). */
export async function rewardBalance(tx: Tx, userId: string): Promise<number> {
  const [account] = await tx
    .select({ balance: rewardAccounts.balance })
    .from(rewardAccounts)
    .where(eq(rewardAccounts.userId, userId));
  return account?.balance ?? 0;
}

/** Points for a placed order (5 per ₹1 paid); once per order. */
export async function awardOrderPoints(tx: Tx, order: { id: number; customerId: string | null; total: number }) {
  if (!order.customerId) return 0;
  const points = pointsForOrder(order.total);
  if (points === 0) return 0;
  await movePoints(tx, order.customerId, points, 'order', { orderId: order.id, note: 'Points for your order' });
  return points;
}

/** Pays part of an order with points (already checked against the balance by the caller's pricing). */
export async function spendPointsOnOrder(tx: Tx, customerId: string, orderId: number, points: number) {
  if (points > 0) await movePoints(tx, customerId, -points, 'redemption', { orderId, note: 'Redeemed at checkout' });
}

/**
 * What came back of an order settles its points: the points spent on it are given back and the points
 * it earned taken back. A refund gives back `spentBack` spent points altogether (the allocation rule's
 * share of the units refunded so far) and takes back earned points in proportion to the paise refunded
 * of the paise paid; without `refunded` (a cancelled order) all of them. Earned points already spent
 * elsewhere are not clawed below a zero balance. Only the difference from what was settled before
 * moves, so it never repeats.
 */
export async function reverseOrderPoints(
  tx: Tx,
  orderId: number,
  refunded?: { returnId: number; spentBack: number; refundedPaise: number; paidPaise: number },
) {
  const entries = await tx.select().from(pointsLedger).where(eq(pointsLedger.orderId, orderId));
  const total = (reason: LedgerReason) =>
    entries.filter((e) => e.reason === reason).reduce((sum, e) => sum + e.delta, 0);
  const spent = entries.find((e) => e.reason === 'redemption');
  const earned = entries.find((e) => e.reason === 'order');
  if (spent) {
    const giveBack = Math.min(refunded?.spentBack ?? -spent.delta, -spent.delta) - total('redemption_refund');
    if (giveBack > 0)
      await movePoints(tx, spent.userId, giveBack, 'redemption_refund', {
        orderId,
        returnId: refunded?.returnId,
        note: 'Points returned with your order',
      });
  }
  if (earned) {
    const [account] = await tx
      .select({ balance: rewardAccounts.balance })
      .from(rewardAccounts)
      .where(eq(rewardAccounts.userId, earned.userId));
    const target = refunded ? earnedPointsBack(earned.delta, refunded.refundedPaise, refunded.paidPaise) : earned.delta;
    const takeBack = Math.min(target + total('order_reversal'), account?.balance ?? 0);
    if (takeBack > 0)
      await movePoints(tx, earned.userId, -takeBack, 'order_reversal', {
        orderId,
        returnId: refunded?.returnId,
        note: 'Order cancelled or returned',
      });
  }
}

const couponCode = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * At sign-up: a valid code from another customer links the two and gives the new customer a 20 %
 * coupon. A bad code changes nothing and says why.
 */
export async function applyReferral(
  tx: Tx,
  newUserId: string,
  rawCode: string,
): Promise<{ ok: true } | Refusal<'not_found' | 'conflict'>> {
  const code = normaliseReferralCode(rawCode);
  if (!code) return { ok: true };
  const [referrer] = await tx
    .select({ userId: rewardAccounts.userId })
    .from(rewardAccounts)
    .where(eq(rewardAccounts.referralCode, code));
  if (!referrer) return refusal('not_found', REFERRAL_MESSAGES.invalid);
  if (referrer.userId === newUserId) return refusal('conflict', REFERRAL_MESSAGES.own);
  const [linked] = await tx
    .insert(referrals)
    .values({ referredUserId: newUserId, referrerUserId: referrer.userId })
    .onConflictDoNothing()
    .returning();
  if (!linked) return refusal('conflict', REFERRAL_MESSAGES.already);
  await tx.insert(coupons).values({
    code: couponCode('WELCOME'),
    userId: newUserId,
    percentOff: REWARDS.referralPercentOff,
    reason: 'referral_welcome',
  });
  return { ok: true };
}

/** Whether a referral code belongs to a customer (checked before an account is created). */
export async function referralCodeExists(rawCode: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ userId: rewardAccounts.userId })
    .from(rewardAccounts)
    .where(eq(rewardAccounts.referralCode, normaliseReferralCode(rawCode)));
  return Boolean(row);
}

/** When a referred customer's first order is delivered, the referrer gets their 20 % coupon (once). */
export async function rewardReferrerOnDelivery(tx: Tx, customerId: string | null) {
  if (!customerId) return false;
  const [referral] = await tx
    .update(referrals)
    .set({ rewardedAt: new Date() })
    .where(and(eq(referrals.referredUserId, customerId), isNull(referrals.rewardedAt)))
    .returning();
  if (!referral) return false;
  await tx.insert(coupons).values({
    code: couponCode('THANKS'),
    userId: referral.referrerUserId,
    percentOff: REWARDS.referralPercentOff,
    reason: 'referral_thanks',
  });
  return true;
}

/** An unused coupon of this customer, by code. */
export async function findUsableCoupon(tx: Tx, customerId: string, rawCode: string) {
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(
      and(eq(coupons.code, rawCode.trim().toUpperCase()), eq(coupons.userId, customerId), isNull(coupons.usedOrderId)),
    );
  return coupon ?? null;
}

/** Marks a coupon used by an order; false when another order got it first. */
export async function useCoupon(tx: Tx, couponId: number, orderId: number): Promise<boolean> {
  const rows = await tx
    .update(coupons)
    .set({ usedOrderId: orderId })
    .where(and(eq(coupons.id, couponId), isNull(coupons.usedOrderId)))
    .returning({ id: coupons.id });
  return rows.length === 1;
}

export const GRANT_MESSAGES = {
  points: `Points must be a whole number from 1 to ${REWARDS.maxPointsPerGrant.toLocaleString('en-IN')}.`,
  reason: 'Say why the points are granted (e.g. Instagram follow).',
  noCustomer: 'No customer with that email.',
  self: 'You cannot grant points to yourself.',
} as const;

/**
 * A hand grant (e.g. the Instagram follow) by a member who may (points.grant, src/lib/permissions.ts,
 * checked by the desk's gate): never to themselves, at most REWARDS.maxPointsPerGrant at once, with a
 * reason; the ledger row records who granted it.
 */
export async function grantPoints(
  granterId: string,
  input: { email: string; points: unknown; reason: string },
): Promise<{ ok: true; balance: number; points: number } | FormRefusal> {
  const points =
    typeof input.points === 'number' ? input.points : Number(String(input.points ?? '').trim() || Number.NaN);
  if (!Number.isInteger(points) || points < 1 || points > REWARDS.maxPointsPerGrant)
    return refuse('invalid', GRANT_MESSAGES.points, { errors: { points: GRANT_MESSAGES.points } });
  const reason = input.reason.replace(/\0/g, '').trim().slice(0, 200);
  if (!reason) return refuse('invalid', GRANT_MESSAGES.reason, { errors: { reason: GRANT_MESSAGES.reason } });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(eq(sql`lower(${user.email})`, input.email.replace(/\0/g, '').trim().toLowerCase()));
    if (!customer)
      return refuse('invalid', GRANT_MESSAGES.noCustomer, { errors: { email: GRANT_MESSAGES.noCustomer } });
    if (customer.id === granterId)
      return refuse('forbidden', GRANT_MESSAGES.self, { errors: { email: GRANT_MESSAGES.self } });
    await ensureRewardAccount(tx, customer);
    const balance = await movePoints(tx, customer.id, points, 'staff_grant', { note: reason, createdBy: granterId });
    return { ok: true as const, balance, points };
  });
}

export interface GrantValues {
  email: string;
  points: string;
  reason: string;
}

/** The rewards desk's grant form: the grant, what to say, and what the form shows next (email cleared after a grant). */
export async function grantPointsRequest(
  granterId: string,
  form: PostedForm,
): Promise<({ ok: true; notice: string } | FormRefusal) & { values: GrantValues }> {
  const values = { email: form.raw('email') ?? '', points: form.raw('points') ?? '', reason: form.raw('reason') ?? '' };
  const result = await grantPoints(granterId, values);
  if (!result.ok) return { ...result, values };
  const notice = `Granted ${result.points.toLocaleString('en-IN')} points to ${values.email.trim()}. New balance: ${result.balance.toLocaleString('en-IN')}.`;
  return { ok: true, notice, values: { ...values, email: '' } };
}

export interface RewardsSummary {
  balance: number;
  rupeeValue: number;
  referralCode: string;
  coupons: { code: string; percentOff: number; reason: string }[];
  history: { delta: number; reason: string; note: string | null; createdAt: Date }[];
}

export async function rewardsSummary(account: { id: string; name: string }): Promise<RewardsSummary> {
  const db = await getDb();
  const reward = await db.transaction((tx) => ensureRewardAccount(tx, account));
  const [open, history] = await Promise.all([
    db
      .select({ code: coupons.code, percentOff: coupons.percentOff, reason: coupons.reason })
      .from(coupons)
      .where(and(eq(coupons.userId, account.id), isNull(coupons.usedOrderId)))
      .orderBy(desc(coupons.createdAt)),
    db
      .select({
        delta: pointsLedger.delta,
        reason: pointsLedger.reason,
        note: pointsLedger.note,
        createdAt: pointsLedger.createdAt,
      })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, account.id))
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
      .limit(20),
  ]);
  return {
    balance: reward.balance,
    rupeeValue: rupeesForPoints(reward.balance),
    referralCode: reward.referralCode,
    coupons: open,
    history,
  };
}
