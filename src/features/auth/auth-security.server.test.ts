// Account security on a real database: the second factor follows every sign-in path, a TOTP code
// works once, only the store's better-auth endpoints answer, sign-in slows down per address and account
// (a stranger cannot lock the owner out), and sign-up does not tell whether an email has an account.
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import {
  accountWithTwoFactor,
  browser,
  createAccount,
  hasSession,
  latestMail,
  ORIGIN,
  PASSWORD,
  submit,
} from '../../../tests/support/auth-browser';
import { SIGN_IN_LIMITS, signInAttempt } from './account-limit.server';
import { getAuth } from './auth.server';
import { STORE_AUTH_ENDPOINTS, isStoreEndpoint } from './endpoints';
import { signInWithPassword, signUp } from './sign-in.server';
import { codeForStep } from './totp';

describe('the second factor on every sign-in path', () => {
  it('an emailed code leads to the two-factor challenge, on the form and on /api/auth, never to a session', async () => {
    const email = 'two-step@example.in';
    await accountWithTwoFactor(email);

    const viaForm = browser('203.0.113.5');
    await viaForm.call('/email-otp/send-verification-otp', { email, type: 'sign-in' });
    const code = (await latestMail(email, 'sign_in_code')).match(/Sign-in code: (\d{6})/)![1];
    const formResult = await viaForm.call<{ twoFactorRedirect?: boolean }>('/sign-in/email-otp', { email, otp: code });
    expect(formResult.data?.twoFactorRedirect).toBe(true);
    expect(hasSession(viaForm.jar)).toBe(false);

    const viaApi = browser('203.0.113.6');
    await viaApi.api('/email-otp/send-verification-otp', { email, type: 'sign-in' });
    const apiCode = (await latestMail(email, 'sign_in_code')).match(/Sign-in code: (\d{6})/)![1];
    const response = await viaApi.api('/sign-in/email-otp', { email, otp: apiCode });
    expect(await response.json()).toMatchObject({ twoFactorRedirect: true });
    expect(hasSession(viaApi.jar)).toBe(false);
    expect((await viaApi.api('/get-session')).status).toBe(200);
    expect(await (await viaApi.api('/get-session')).json()).toBeNull();
  });

  it('the verification link of an unverified account with two-step on does not sign it in', async () => {
    const email = 'unverified-two-step@example.in';
    await accountWithTwoFactor(email);
    const link = (await latestMail(email, 'verify_email')).match(/Verify email: (\S+)/)![1];
    const holder = browser('203.0.113.8');
    const url = new URL(link);
    await holder.api(`${url.pathname.replace('/api/auth', '')}${url.search}`);
    expect(await (await holder.api('/get-session')).json()).toBeNull();
  });

  it('sends sign-in codes only (no password-reset or email-change codes)', async () => {
    await createAccount('kinds@example.in');
    const result = await browser('203.0.113.7').call('/email-otp/send-verification-otp', {
      email: 'kinds@example.in',
      type: 'forget-password',
    });
    expect(result.status).toBe(400);
  });
});

describe('authenticator codes', () => {
  it('a code accepted once is refused the second time, at set-up and at sign-in', async () => {
    const email = 'replay@example.in';
    const { secret, setupStep } = await accountWithTwoFactor(email);
    const signIn = browser('203.0.113.20');
    expect(
      (await signIn.call<{ twoFactorRedirect?: boolean }>('/sign-in/email', { email, password: PASSWORD })).data
        ?.twoFactorRedirect,
    ).toBe(true);
    // The code used at set-up is still inside its window, but it has been used.
    expect((await signIn.call('/two-factor/verify-totp', { code: codeForStep(secret, setupStep) })).status).toBe(401);
    expect(hasSession(signIn.jar)).toBe(false);

    const next = codeForStep(secret, setupStep + 1);
    expect((await signIn.call('/two-factor/verify-totp', { code: next })).status).toBe(200);
    expect(hasSession(signIn.jar)).toBe(true);

    const thief = browser('198.51.100.66');
    await thief.call('/sign-in/email', { email, password: PASSWORD });
    expect((await thief.call('/two-factor/verify-totp', { code: next })).status).toBe(401);
    expect(hasSession(thief.jar)).toBe(false);
  });
});

describe('authenticator code limits', () => {
  it('ten wrong codes from as many addresses stop the account’s code step; a right code then waits too', async () => {
    const email = 'code-guesser@example.in';
    // The owner sets it up from an address of their own (better-auth allows 3 set-up calls per 10 s per address).
    const { secret, setupStep } = await accountWithTwoFactor(email, '192.0.2.77');
    const right = codeForStep(secret, setupStep + 1);
    const wrong = (n: number) => String((Number(right) + 1 + n) % 1_000_000).padStart(6, '0');
    const guesser = async (ip: string) => {
      const b = browser(ip);
      const signIn = await b.call<{ twoFactorRedirect?: boolean }>('/sign-in/email', { email, password: PASSWORD });
      expect(signIn.data?.twoFactorRedirect).toBe(true);
      return b;
    };
    // One guess from each address: the per-address limit never bites, the account's ceiling does.
    for (let n = 0; n < 10; n++) {
      const b = await guesser(`198.51.101.${n + 1}`);
      expect((await b.call('/two-factor/verify-totp', { code: wrong(n) })).status, `guess ${n + 1}`).toBe(401);
    }
    const late = await guesser('198.51.101.200');
    const locked = await late.call('/two-factor/verify-totp', { code: right });
    expect(locked.status).toBe(429);
    expect(locked.message).toMatch(/temporarily locked/);
    expect((await late.call('/two-factor/verify-backup-code', { code: 'ABCDE-FGHIJ' })).status).toBe(429);
    expect(hasSession(late.jar)).toBe(false);
  });
});

describe('better-auth endpoints', () => {
  it('every endpoint the store does not use answers 404; the ones it uses answer', async () => {
    const auth = await getAuth();
    const endpoints = Object.values(
      auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
    ).filter((e) => typeof e?.path === 'string');
    expect(endpoints.length).toBeGreaterThan(50);
    const visitor = browser('203.0.113.30');
    const unused: string[] = [];
    for (const endpoint of endpoints) {
      const path = endpoint.path!.replace(/:[a-zA-Z]+/g, 'some-value');
      const method = [endpoint.options?.method ?? 'GET'].flat()[0];
      const verb = method === '*' ? 'GET' : method;
      const response = await visitor.api(path, verb === 'GET' ? undefined : {}, verb);
      if (STORE_AUTH_ENDPOINTS.includes(endpoint.path!)) {
        expect(response.status, `${verb} ${endpoint.path}`).not.toBe(404);
      } else {
        unused.push(endpoint.path!);
        expect(response.status, `${verb} ${endpoint.path}`).toBe(404);
      }
    }
    expect(unused).toEqual(
      expect.arrayContaining([
        '/email-otp/request-password-reset',
        '/forget-password/email-otp',
        '/email-otp/reset-password',
      ]),
    );
  });

  it('the allow-list is matched on the exact path', () => {
    expect(isStoreEndpoint(`${ORIGIN}/api/auth/sign-in/email`)).toBe(true);
    expect(isStoreEndpoint(`${ORIGIN}/api/auth/sign-in/email/`)).toBe(true);
    expect(isStoreEndpoint(`${ORIGIN}/api/auth/reset-password/abc123`)).toBe(true);
    expect(isStoreEndpoint(`${ORIGIN}/api/auth/reset-password/abc/def`)).toBe(false);
    expect(isStoreEndpoint(`${ORIGIN}/api/auth/email-otp/reset-password`)).toBe(false);
    expect(isStoreEndpoint(`${ORIGIN}/api/auth/SIGN-IN/EMAIL`)).toBe(false);
  });
});

describe('sign-in limits', () => {
  it('a stranger guessing from one address is slowed down and told when to retry; the owner elsewhere signs in', async () => {
    const email = 'owner@example.in';
    await createAccount(email);
    const stranger = browser('198.51.100.7');
    for (let i = 0; i < SIGN_IN_LIMITS.pair.max; i++) {
      expect((await stranger.call('/sign-in/email', { email, password: `guess-${i}-x` })).status).toBe(401);
    }
    const slowed = await stranger.call('/sign-in/email', { email, password: PASSWORD });
    expect(slowed.status).toBe(429);
    expect(slowed.message).toMatch(
      /^Too many sign-in attempts for this account\. For your safety, please try again in 15 minutes/,
    );

    expect((await browser('203.0.113.40').call('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    // The form says the same to the shopper.
    const form = await submit(signInWithPassword, stranger.form('/sign-in', { email, password: 'guess-again' }));
    expect(form).toMatchObject({ ok: false, code: 'rate_limited' });
    expect(!form.ok && form.message).toMatch(/try again in 15 minutes/);
  });

  it('a right password lets the same address start over', async () => {
    const email = 'typo@example.in';
    await createAccount(email);
    const me = browser('203.0.113.41');
    for (let i = 0; i < SIGN_IN_LIMITS.pair.max - 1; i++)
      await me.call('/sign-in/email', { email, password: 'typo-typo' });
    expect((await me.call('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMITS.pair.max; i++) {
      expect((await me.call('/sign-in/email', { email, password: 'typo-typo' })).status).toBe(401);
    }
  });

  it('many addresses together meet a ceiling per account (shared in the database, with its end time)', async () => {
    const db = await getDb();
    const now = 5_000_000_000;
    const { max, windowSeconds } = SIGN_IN_LIMITS.account;
    for (let i = 0; i < max; i++) {
      expect(
        (await signInAttempt(db, `10.1.${Math.floor(i / 4)}.${i % 4}`, 'Ceiling@Example.in', now + i)).allowed,
      ).toBe(true);
    }
    expect(await signInAttempt(db, '10.9.9.9', 'ceiling@example.in', now + max)).toEqual({
      allowed: false,
      retryAt: now + windowSeconds * 1000,
    });
    expect((await signInAttempt(db, '10.9.9.9', 'ceiling@example.in', now + windowSeconds * 1000 + 1)).allowed).toBe(
      true,
    );
  });
});

describe('sign-up', () => {
  it('answers the same for a new and a taken email; the owner of the taken one gets a mail', async () => {
    await createAccount('taken@example.in');
    const fields = (email: string) => ({
      name: 'Someone',
      email,
      password: 'another-pass-1',
      confirm: 'another-pass-1',
      redirect: '/dashboard',
    });
    const fresh = await submit(signUp, browser('203.0.113.50').form('/sign-up', fields('fresh@example.in')));
    const taken = await submit(signUp, browser('203.0.113.51').form('/sign-up', fields('TAKEN@example.in')));
    for (const outcome of [fresh, taken]) {
      const response = outcome.ok && outcome.response;
      if (!response) throw new Error('expected a redirect');
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/sign-up/check-email');
      expect(response.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(false);
    }
    expect(await latestMail('fresh@example.in', 'verify_email')).toContain('Verify email: ');
    expect(await latestMail('taken@example.in', 'sign_up_existing')).toContain(
      'Someone tried to create a Vedara Ayurveda account with your email address',
    );

    const apiFresh = await browser('203.0.113.52').api('/sign-up/email', {
      name: 'A',
      email: 'api-fresh@example.in',
      password: 'another-pass-1',
    });
    const apiTaken = await browser('203.0.113.53').api('/sign-up/email', {
      name: 'A',
      email: 'taken@example.in',
      password: 'another-pass-1',
    });
    expect(apiFresh.status).toBe(apiTaken.status);
    const keys = async (r: Response) => Object.keys(await r.json()).sort();
    expect(await keys(apiFresh)).toEqual(await keys(apiTaken));
  });

  it('a newline in ?redirect= falls back to a page of this site instead of failing', async () => {
    const outcome = await submit(
      signUp,
      browser('203.0.113.54').form('/sign-up', {
        name: 'Newline',
        email: 'newline@example.in',
        password: 'another-pass-1',
        confirm: 'another-pass-1',
        redirect: '/orders\r\n/evil.example',
      }),
    );
    expect(outcome.ok && outcome.response?.status).toBe(303);
    await createAccount('newline-in@example.in');
    const signedIn = await submit(
      signInWithPassword,
      browser('203.0.113.55').form('/sign-in', {
        email: 'newline-in@example.in',
        password: PASSWORD,
        redirect: '/\n/evil.example/',
      }),
    );
    expect(signedIn.ok && signedIn.response?.headers.get('location')).toBe('/dashboard');
  });
});
