// Points granted by hand on a real database: never to themselves, at most REWARDS.maxPointsPerGrant,
// with a reason, and every grant a ledger row naming who granted it. Who may grant (owners and admins):
// src/lib/permissions.ts and the desk's gate (features/admin/desk-access.server.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { pointsLedger } from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import { addStaffMember } from '../auth/staff.server';
import { REWARDS } from '../../lib/rewards';
import { GRANT_MESSAGES, grantPoints } from './rewards.server';

async function accountFor(email: string) {
  const auth = await getAuth();
  return (await auth.api.signUpEmail({ body: { name: email.split('@')[0], email, password: 'tulsi-leaf-42' } })).user;
}

let owner: { id: string; email: string; name: string };
let admin: { id: string; email: string; name: string };
let customer: { id: string; email: string; name: string };

const grantsTo = async (userId: string) => {
  const db = await getDb();
  return db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, 'staff_grant')));
};

beforeAll(async () => {
  const db = await getDb();
  [owner, admin, customer] = [
    await accountFor('owner.grants@vedara.in'),
    await accountFor('admin.grants@vedara.in'),
    await accountFor('follower@example.in'),
  ];
  await addStaffMember(db, owner.id, 'owner');
  await addStaffMember(db, admin.id, 'admin');
}, 60_000);

describe('points grants (real database)', () => {
  it('an admin grants points with a reason: the balance grows and the ledger row names the admin', async () => {
    const result = await grantPoints(admin.id, {
      email: ' Follower@Example.in ',
      points: '10000',
      reason: '  Followed us on Instagram ',
    });
    expect(result).toEqual({ ok: true, points: 10_000, balance: 20_000 });
    expect(await grantsTo(customer.id)).toEqual([
      expect.objectContaining({ delta: 10_000, note: 'Followed us on Instagram', createdBy: admin.id }),
    ]);
  });

  it('nobody grants points to themselves (403), owner included', async () => {
    expect(await grantPoints(owner.id, { email: 'OWNER.grants@vedara.in', points: 500, reason: 'Me' })).toMatchObject({
      ok: false,
      code: 'forbidden',
      message: GRANT_MESSAGES.self,
    });
    expect(await grantsTo(owner.id)).toEqual([]);
  });

  it('refuses more than the per-grant cap, non-whole or non-positive points, a blank reason and unknown emails', async () => {
    for (const points of [REWARDS.maxPointsPerGrant + 1, 0, -50, 1.5, 'abc', '', null]) {
      expect(
        await grantPoints(owner.id, { email: customer.email, points, reason: 'Contest' }),
        String(points),
      ).toMatchObject({ ok: false, code: 'invalid', message: GRANT_MESSAGES.points });
    }
    expect(await grantPoints(owner.id, { email: customer.email, points: 100, reason: '   ' })).toMatchObject({
      ok: false,
      code: 'invalid',
      message: GRANT_MESSAGES.reason,
    });
    expect(await grantPoints(owner.id, { email: 'nobody@example.in', points: 100, reason: 'Contest' })).toMatchObject({
      ok: false,
      code: 'invalid',
      message: GRANT_MESSAGES.noCustomer,
    });
    expect(
      await grantPoints(owner.id, { email: 'no\0body@example.in', points: 100, reason: 'Con\0test' }),
    ).toMatchObject({ ok: false, code: 'invalid', message: GRANT_MESSAGES.noCustomer });
    expect((await grantsTo(customer.id)).map((g) => g.delta)).toEqual([10_000]);
  });

  it('the database itself refuses a grant to oneself, a negative grant or one without a reason', async () => {
    const db = await getDb();
    const bad = [
      { userId: owner.id, delta: 10, reason: 'staff_grant' as const, note: 'Self', createdBy: owner.id },
      { userId: customer.id, delta: -10, reason: 'staff_grant' as const, note: 'Take back', createdBy: owner.id },
      { userId: customer.id, delta: 10, reason: 'staff_grant' as const, note: ' ', createdBy: owner.id },
    ];
    for (const row of bad) {
      const error = await db
        .insert(pointsLedger)
        .values(row)
        .then(
          () => null,
          (e: Error & { cause?: unknown }) => e,
        );
      expect(String(error?.cause ?? error), row.note).toContain('points_ledger_staff_grant_rules');
    }
  });
});
