// The customers desk on a real database: search, orders and money spent, points, referrals — and
// none of the account's secrets (password hash, session tokens, two-factor secret and backup codes).
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '../../../db/client';
import { account, orders, session, twoFactor } from '../../../db/schema';
import { cartWith } from '../../../../tests/support/carts';
import { getAuth } from '../../auth/auth.server';
import { placeOrder } from '../../checkout/checkout.server';
import { applyReferral, rewardsSummary } from '../../rewards/rewards.server';
import { customerDetail, listCustomers } from './customers.server';

const address = {
  name: 'Arjun Menon',
  line1: '4 Marine Drive',
  line2: '',
  city: 'Kochi',
  state: 'Kerala',
  pin: '682031',
};
let keys = 0;

async function signUp(name: string, email: string) {
  const auth = await getAuth();
  return auth.api.signUpEmail({ body: { name, email, password: 'tulsi-leaf-42' } });
}

async function order(customer: { id: string; email: string }) {
  const cart = await cartWith([{ productId: 2, quantity: 1 }], customer);
  const placed = await placeOrder(
    {
      email: customer.email,
      phone: '9876543210',
      address,
      usePoints: false,
      expectedTotal: null,
      idempotencyKey: `customers-test-key-${++keys}-${Date.now()}`,
    },
    cart,
    customer,
  );
  if (!placed.ok) throw new Error(placed.message);
  return placed.orderNumber;
}

let kavya: { id: string; email: string; name: string };
let arjun: { id: string; email: string; name: string };
let arjunToken: string;
let numbers: string[];

beforeAll(async () => {
  kavya = (await signUp('Kavya Nair', 'kavya.customers@example.in')).user;
  arjun = (await signUp('Arjun Menon', 'arjun.customers@example.in')).user;
  // Sign-up signs no one in (it answers alike for taken emails): the session comes from signing in.
  arjunToken = (await (await getAuth()).api.signInEmail({ body: { email: arjun.email, password: 'tulsi-leaf-42' } }))
    .token;
  const db = await getDb();
  const { referralCode } = await rewardsSummary(kavya);
  await db.transaction((tx) => applyReferral(tx, arjun.id, referralCode));
  numbers = [await order(arjun), await order(arjun)];
  await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNumber, numbers[1]));
  await db.insert(twoFactor).values({
    id: 'tf-arjun',
    userId: arjun.id,
    secret: 'ARJUNSECRETTOTPBASE32XYZ',
    backupCodes: 'backup-code-one,backup-code-two',
  });
}, 120_000);

describe('customers desk (real database)', () => {
  it('lists accounts newest first with orders, money spent (not cancelled), points and joined date; searches name or email', async () => {
    const db = await getDb();
    const totals = await db
      .select({ total: orders.total, status: orders.status })
      .from(orders)
      .where(eq(orders.customerId, arjun.id));
    const spent = totals.filter((t) => t.status !== 'cancelled').reduce((a, t) => a + t.total, 0);
    const { rows, total } = await listCustomers({});
    expect(total).toBe(2);
    expect(rows.map((r) => r.email)).toEqual([arjun.email, kavya.email]);
    expect(rows[0]).toMatchObject({
      name: 'Arjun Menon',
      orderCount: 2,
      totalSpent: spent,
      pointsBalance: (await rewardsSummary(arjun)).balance,
    });
    expect(rows[0].joinedAt).toBeInstanceOf(Date);
    expect(rows[1]).toMatchObject({ orderCount: 0, totalSpent: 0, pointsBalance: 10_000 });

    expect((await listCustomers({ q: '  KAVYA ' })).rows.map((r) => r.email)).toEqual([kavya.email]);
    expect((await listCustomers({ q: 'arjun.customers@' })).rows.map((r) => r.name)).toEqual(['Arjun Menon']);
    expect((await listCustomers({ q: '%' })).total).toBe(0); // a wildcard is a character, not "everything"
    expect(await listCustomers({ page: 9 })).toMatchObject({ rows: [], page: 9, pages: 1 });
    // Whatever a visitor types or pastes is an answer, never a database error.
    expect((await listCustomers({ q: 'kav\0ya', page: 1e300 })).page).toBe(100_000);
    expect((await listCustomers({ q: 'kav\0ya' })).rows.map((r) => r.email)).toEqual([kavya.email]);
  });

  it('shows a customer’s orders, points ledger and both sides of a referral', async () => {
    const detail = (await customerDetail(arjun.id))!;
    expect(detail.orders.map((o) => o.orderNumber).sort()).toEqual([...numbers].sort());
    expect(detail.ledger.map((l) => l.reason)).toEqual(expect.arrayContaining(['signup', 'order']));
    expect(detail.ledger.find((l) => l.reason === 'order')?.orderNumber).toMatch(/^VA-/);
    expect(detail.referredBy).toMatchObject({ id: kavya.id, email: kavya.email, rewarded: false });
    expect(detail.referralCode).toMatch(/^ARJUN-/);

    const referrer = (await customerDetail(kavya.id))!;
    expect(referrer.referred).toEqual([
      expect.objectContaining({ id: arjun.id, name: 'Arjun Menon', rewarded: false }),
    ]);
    expect(referrer.referredBy).toBeNull();
    expect(await customerDetail('no-such-account')).toBeNull();
    expect(await customerDetail('bad\0id')).toBeNull();
  });

  it('never carries the password hash, session tokens or two-factor secrets', async () => {
    const db = await getDb();
    const [{ password }] = await db
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, arjun.id));
    const tokens = (await db.select({ token: session.token }).from(session).where(eq(session.userId, arjun.id))).map(
      (s) => s.token,
    );
    const secrets = [password!, arjunToken, ...tokens, 'ARJUNSECRETTOTPBASE32XYZ', 'backup-code-one'];
    expect(password).toBeTruthy();
    expect(tokens.length).toBeGreaterThan(0);
    const shown = JSON.stringify([await customerDetail(arjun.id), await listCustomers({ q: 'arjun' })]);
    for (const secret of secrets) expect(shown).not.toContain(secret);
  });
});
