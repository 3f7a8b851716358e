// Accounts on a real database: attempts counted per account, staff roles, session cookies.
// (Sign-in limits, two-step and sign-up privacy: auth-security.server.test.ts.)
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import { resetEnv } from '../../server/config/env.server';
import { accountAttempt } from './account-limit.server';
import { getAuth } from './auth.server';
import { callAuth } from './request.server';
import { addStaffMember, staffRole, syncOwnersFromEnv } from './staff.server';

const from = (ip: string) => ({
  request: new Request('http://store.test/sign-in', { method: 'POST' }),
  clientAddress: ip,
});

async function createAccount(email: string, password = 'tulsi-leaf-42') {
  const auth = await getAuth();
  const result = await auth.api.signUpEmail({ body: { name: 'Test Shopper', email, password } });
  return result.user.id;
}

describe('accounts (real database)', () => {
  it('counts attempts per account in a window and starts over after it', async () => {
    const db = await getDb();
    const limit = { max: 3, windowSeconds: 60 };
    const at = 1_000_000;
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await accountAttempt(db, '/request-password-reset', 'Limit@Example.in', limit, at + i));
    expect(results).toEqual([true, true, true, false]);
    expect(await accountAttempt(db, '/request-password-reset', 'limit@example.in', limit, at + 61_000)).toBe(true);
  });

  it('signs in with HttpOnly, SameSite=Lax cookies and a new session each time', async () => {
    await createAccount('cookies@example.in');
    const first = await callAuth(from('192.0.2.1'), '/sign-in/email', {
      email: 'cookies@example.in',
      password: 'tulsi-leaf-42',
    });
    const second = await callAuth(from('192.0.2.1'), '/sign-in/email', {
      email: 'cookies@example.in',
      password: 'tulsi-leaf-42',
    });
    const token = (cookies: string[]) => cookies.find((c) => c.includes('session_token='))!;
    expect(token(first.setCookies)).toMatch(/HttpOnly/i);
    expect(token(first.setCookies)).toMatch(/SameSite=Lax/i);
    expect(token(first.setCookies).split(';')[0]).not.toBe(token(second.setCookies).split(';')[0]);
  });

  it('makes the owners named in STORE_OWNER_EMAILS staff owners; customers have no staff role', async () => {
    const db = await getDb();
    const customer = await createAccount('customer@example.in');
    const owner = await createAccount('owner@vedara.in');
    process.env.STORE_OWNER_EMAILS = 'Owner@Vedara.in, someone@else.in';
    resetEnv();
    try {
      await syncOwnersFromEnv(db);
    } finally {
      delete process.env.STORE_OWNER_EMAILS;
      resetEnv();
    }
    expect(await staffRole(db, owner)).toBe('owner');
    expect(await staffRole(db, customer)).toBeNull();
    await addStaffMember(db, customer, 'staff');
    expect(await staffRole(db, customer)).toBe('staff');
  });
});
