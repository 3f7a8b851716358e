// Phone sign-in on a real database: a code by SMS to an Indian mobile (typed any usual way, kept as
// +91 and ten digits) signs in to that number's account or makes one; one SMS per request; wrong codes,
// the per-address and per-number limits; two-step verification still asked; one account holding a
// phone and an email; foreign or short numbers refused with a 4xx and nothing sent.
import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import { emailOutbox, messageOutbox, user as users } from '../../db/schema';
import { INDIAN_MOBILE_MESSAGE } from '../../lib/india';
import {
  accountWithTwoFactor,
  browser,
  createAccount,
  hasSession,
  latestMail,
  PASSWORD,
  submit,
} from '../../../tests/support/auth-browser';
import { ACCOUNT_LIMITS, SIGN_IN_LIMITS } from './account-limit.server';
import { AUTH_MESSAGES } from './auth-forms';
import { readPostedForm } from '../../server/http/form.server';
import { profileRequest } from './profile.server';
import { getSessionUser, reloadUser } from './session.server';
import { sendPhoneCode, signInWithPhoneCode } from './sign-in.server';
import { codeForStep } from './totp';

type Browser = ReturnType<typeof browser>;

/** The SMS rows queued to a mobile (91 and ten digits), newest first. */
async function smsTo(mobile: string) {
  const db = await getDb();
  return db.select().from(messageOutbox).where(eq(messageOutbox.toPhone, mobile)).orderBy(desc(messageOutbox.id));
}

/** The code in the newest sign-in SMS to `mobile`, as the customer reads it. */
async function codeSentTo(mobile: string) {
  const [sms] = await smsTo(mobile);
  expect(sms?.template).toBe('sign_in_code');
  const code = /^(\d{6}) is your Vedara Ayurveda sign-in code\./.exec(sms!.body)?.[1];
  expect(code, sms!.body).toBeDefined();
  return code!;
}

/** Posts the phone page's first form ("Send me a code"). */
const askCode = (b: Browser, phone: string) => submit(sendPhoneCode, b.form('/sign-in/phone', { phone }));

/** Posts the phone page's second form (the code), as a browser would. */
const enterCode = (b: Browser, phone: string, otp: string, redirect = '/dashboard') =>
  submit(signInWithPhoneCode, b.form('/sign-in/phone?step=verify', { phone, otp, redirect }));

/** Takes the session cookies of a form's redirect into the browser's jar. */
async function followed(b: Browser, outcome: Awaited<ReturnType<typeof enterCode>>) {
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  const response = outcome.ok ? outcome.response! : undefined;
  for (const cookie of response!.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const [name, ...rest] = pair.split('=');
    if (rest.join('=') && !/max-age=0/i.test(cookie)) b.jar.set(name.trim(), rest.join('='));
  }
  return response!.headers.get('location');
}

const signedInUser = (b: Browser) =>
  getSessionUser(new Headers({ cookie: [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ') }));

/** Signs in (or up) by phone through the page's two forms; the account as the session shows it. */
async function signInByPhone(b: Browser, typed: string, mobile: string) {
  expect(await askCode(b, typed)).toMatchObject({ ok: true });
  await followed(b, await enterCode(b, typed, await codeSentTo(mobile)));
  const account = await signedInUser(b);
  expect(account).not.toBeNull();
  return account!;
}

/** Posts one of /dashboard/profile's forms as the signed-in customer of `b`. */
async function profileForm(b: Browser, fields: Record<string, string>) {
  const signedIn = await signedInUser(b);
  const incoming = b.form('/dashboard/profile', fields);
  return profileRequest(incoming, (await reloadUser(signedIn!.id))!, await readPostedForm(incoming.request));
}

describe('phone numbers', () => {
  it('"98765 43210", "+91 98765 43210" and "09876543210" each get one SMS to +91 98765 43210', async () => {
    const b = browser('203.0.113.101');
    for (const [i, typed] of ['98765 43210', '+91 98765 43210', '09876543210'].entries()) {
      const outcome = await askCode(b, typed);
      expect(outcome).toMatchObject({ ok: true, values: { phone: '+919876543210', step: 'code' } });
      expect(outcome.ok && outcome.notice).toBe(
        'We have sent a 6-digit code by SMS to +91 98765 43210. It works for 10 minutes.',
      );
      expect(await smsTo('919876543210'), typed).toHaveLength(i + 1);
    }
    const [latest] = await smsTo('919876543210');
    expect(latest).toMatchObject({ channel: 'sms', template: 'sign_in_code', status: 'pending', orderId: null });
  });

  it('foreign, short and landline numbers are refused with a 4xx and nothing is sent', async () => {
    const db = await getDb();
    const before = (await db.select({ id: messageOutbox.id }).from(messageOutbox)).length;
    const b = browser('203.0.113.102');
    for (const typed of ['+44 7911 123456', '+1 415 555 0100', '98765 4321', '011 2345 6789', 'my number']) {
      const outcome = await askCode(b, typed);
      expect(outcome, typed).toMatchObject({ ok: false, code: 'invalid', message: INDIAN_MOBILE_MESSAGE });
    }
    expect(await askCode(b, '')).toMatchObject({ ok: false, message: AUTH_MESSAGES.missingIdentifier });
    // A script calling /api/auth directly gets the same refusal, also for a mobile not written as +91….
    for (const phoneNumber of ['+447911123456', '9876543210', '+91 98765 43210']) {
      const response = await b.api('/phone-number/send-otp', { phoneNumber });
      expect(response.status, phoneNumber).toBe(400);
      expect(await response.json()).toMatchObject({ message: INDIAN_MOBILE_MESSAGE });
    }
    expect((await db.select({ id: messageOutbox.id }).from(messageOutbox)).length).toBe(before);
  });
});

describe('signing up and in by phone', () => {
  it('a new number makes an account with that number and no email; the same number signs in to it again', async () => {
    const first = await signInByPhone(browser('203.0.113.110'), '91234 56780', '919123456780');
    expect(first).toMatchObject({ phoneNumber: '+919123456780', email: '', name: '', emailVerified: false });
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, first.id));
    expect(row.email).toBe('919123456780@phone.invalid'); // kept inside the auth feature only
    expect(row.phoneNumberVerified).toBe(true);

    const again = await signInByPhone(browser('203.0.113.111'), '+91 91234 56780', '919123456780');
    expect(again.id).toBe(first.id);
    expect(await db.select().from(users).where(eq(users.phoneNumber, '+919123456780'))).toHaveLength(1);
    // Nothing is ever mailed to the placeholder, and no form or endpoint takes it as an email.
    expect(await db.select().from(emailOutbox).where(like(emailOutbox.toAddress, '%@phone.invalid'))).toEqual([]);
    const response = await browser('203.0.113.112').api('/email-otp/send-verification-otp', {
      email: '919123456780@phone.invalid',
      type: 'sign-in',
    });
    expect(response.status).toBe(400);
  });

  it('the code signs in once; a wrong code is refused and after five wrong ones the code is spent', async () => {
    const phone = '+919000000001';
    const b = browser('203.0.113.120');
    await askCode(b, phone);
    const code = await codeSentTo('919000000001');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await enterCode(b, phone, wrong);
    expect(refused).toMatchObject({ ok: false, code: 'invalid', message: AUTH_MESSAGES.invalidCode });
    expect(refused.values).toMatchObject({ phone, step: 'code', otp: '' });
    expect(await enterCode(b, phone, '12345')).toMatchObject({ ok: false, message: AUTH_MESSAGES.invalidCode });
    await followed(b, await enterCode(b, phone, code));
    expect(hasSession(b.jar)).toBe(true);
    // Used once: the same code again is refused.
    expect(await enterCode(browser('203.0.113.121'), phone, code)).toMatchObject({ ok: false });

    const guesser = browser('203.0.113.122');
    await askCode(guesser, phone);
    const fresh = await codeSentTo('919000000001');
    const other = String((Number(fresh) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) await enterCode(browser(`203.0.113.${130 + i}`), phone, other);
    const late = browser('203.0.113.140');
    expect(await enterCode(late, phone, fresh)).toMatchObject({ ok: false, message: AUTH_MESSAGES.invalidCode });
    expect(hasSession(late.jar)).toBe(false);
  });

  it('one address guessing codes for one number is slowed down; the owner elsewhere still signs in', async () => {
    const phone = '+919000000002';
    const stranger = browser('198.51.100.150');
    await askCode(stranger, phone);
    for (let i = 0; i < SIGN_IN_LIMITS.pair.max; i++) {
      expect((await enterCode(stranger, phone, '000000')).ok).toBe(false);
    }
    const slowed = await enterCode(stranger, phone, '000000');
    expect(slowed).toMatchObject({ ok: false, code: 'rate_limited' });
    expect(!slowed.ok && slowed.message).toMatch(
      /^Too many sign-in attempts for this account\. For your safety, please try again in 15 minutes/,
    );
    const owner = browser('203.0.113.151');
    await askCode(owner, phone);
    await followed(owner, await enterCode(owner, phone, await codeSentTo('919000000002')));
    expect(hasSession(owner.jar)).toBe(true);
  });

  it('a number gets at most five codes in a quarter of an hour, from any addresses; the sixth sends nothing', async () => {
    const phone = '+919000000003';
    const { max } = ACCOUNT_LIMITS['/phone-number/send-otp'];
    for (let i = 0; i < max; i++) expect((await askCode(browser(`192.0.2.${160 + i}`), phone)).ok).toBe(true);
    const sixth = await askCode(browser('192.0.2.170'), phone);
    expect(sixth).toMatchObject({ ok: false, code: 'rate_limited', message: AUTH_MESSAGES.tooManyAttempts });
    expect(await smsTo('919000000003')).toHaveLength(max);
  });
});

describe('two-step verification', () => {
  it('an account with an authenticator app is challenged after the SMS code, and gets no session before', async () => {
    const email = 'two-step-phone@example.in';
    const { secret, setupStep } = await accountWithTwoFactor(email, '192.0.2.180');
    // The owner adds a mobile on the profile page (signed in with password and authenticator).
    const owner = browser('192.0.2.180');
    expect((await owner.call('/sign-in/email', { email, password: PASSWORD })).data).toMatchObject({
      twoFactorRedirect: true,
    });
    expect((await owner.call('/two-factor/verify-totp', { code: codeForStep(secret, setupStep + 1) })).status).toBe(
      200,
    );
    const db = await getDb();
    const [account] = await db.select().from(users).where(eq(users.email, email));
    await addPhoneAsOwner(owner, account.id, '+919000000004');

    const b = browser('203.0.113.181');
    await askCode(b, '9000000004');
    const location = await followed(b, await enterCode(b, '9000000004', await codeSentTo('919000000004'), '/orders'));
    expect(location).toBe('/sign-in/two-factor?redirect=%2Forders');
    expect(hasSession(b.jar)).toBe(false);
    expect(await signedInUser(b)).toBeNull();
    // Through /api/auth as well.
    const viaApi = browser('203.0.113.182');
    await viaApi.api('/phone-number/send-otp', { phoneNumber: '+919000000004' });
    const response = await viaApi.api('/phone-number/verify', {
      phoneNumber: '+919000000004',
      code: await codeSentTo('919000000004'),
    });
    expect(await response.json()).toMatchObject({ twoFactorRedirect: true });
    expect(hasSession(viaApi.jar)).toBe(false);
  });
});

/** A signed-in browser for the account `userId` (signed in with its password, two-step answered if on). */
async function addPhoneAsOwner(owner: Browser, userId: string, phone: string) {
  if (!hasSession(owner.jar)) {
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, userId));
    expect((await owner.call('/sign-in/email', { email: row.email, password: PASSWORD })).status).toBe(200);
  }
  expect(await profileForm(owner, { action: 'phone-send', phone })).toMatchObject({ ok: true, pendingPhone: phone });
  const code = await codeSentTo(phone.slice(1));
  const added = await profileForm(owner, { action: 'phone-verify', phone, otp: code });
  expect(added).toMatchObject({ ok: true, notice: 'Your mobile number is verified. You can now sign in with it.' });
}

describe('a phone and an email on one account', () => {
  it('a customer who signed up by email adds a mobile; signing in by that mobile reaches the same account', async () => {
    const email = 'email-then-phone@example.in';
    await createAccount(email);
    const owner = browser('192.0.2.190');
    const db = await getDb();
    const [account] = await db.select().from(users).where(eq(users.email, email));
    // A wrong code adds nothing and asks for the code again.
    expect((await owner.call('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    await profileForm(owner, { action: 'phone-send', phone: '90000 00005' });
    expect(await profileForm(owner, { action: 'phone-verify', phone: '+919000000005', otp: '000000' })).toMatchObject({
      ok: false,
      message: AUTH_MESSAGES.invalidCode,
      pendingPhone: '+919000000005',
    });
    expect((await reloadUser(account.id))?.phoneNumber).toBeNull();
    await addPhoneAsOwner(owner, account.id, '+919000000005');
    expect(await reloadUser(account.id)).toMatchObject({ email, phoneNumber: '+919000000005' });

    const byPhone = await signInByPhone(browser('203.0.113.191'), '09000000005', '919000000005');
    expect(byPhone).toMatchObject({ id: account.id, email });
  });

  it('a mobile that is another account’s is refused (after its code), and stays with that account', async () => {
    const taken = await signInByPhone(browser('203.0.113.195'), '9000000006', '919000000006');
    await createAccount('wants-that-number@example.in');
    const other = browser('192.0.2.196');
    const [account] = await (await getDb()).select().from(users).where(eq(users.email, 'wants-that-number@example.in'));
    expect(
      (await other.call('/sign-in/email', { email: 'wants-that-number@example.in', password: PASSWORD })).status,
    ).toBe(200);
    await profileForm(other, { action: 'phone-send', phone: '+919000000006' });
    const refused = await profileForm(other, {
      action: 'phone-verify',
      phone: '+919000000006',
      otp: await codeSentTo('919000000006'),
    });
    expect(refused).toMatchObject({ ok: false, code: 'conflict', message: AUTH_MESSAGES.phoneTaken });
    expect((await reloadUser(account.id))?.phoneNumber).toBeNull();
    expect((await reloadUser(taken.id))?.phoneNumber).toBe('+919000000006');
  });

  it('an account made by phone adds an email (no password asked) once its link is opened; the email then signs in to it', async () => {
    const b = browser('203.0.113.200');
    const made = await signInByPhone(b, '9000000007', '919000000007');
    const added = await profileForm(b, { action: 'email', email: 'Phone.First@Example.in' });
    expect(added).toMatchObject({
      ok: true,
      notice: 'We have sent a link to phone.first@example.in. The email is added to your account once you open it.',
    });
    expect((await reloadUser(made.id))?.email).toBe(''); // not until the link is opened
    const link = new URL((await latestMail('phone.first@example.in', 'verify_email')).match(/Verify email: (\S+)/)![1]);
    await b.api(`${link.pathname.replace('/api/auth', '')}${link.search}`);
    expect(await reloadUser(made.id)).toMatchObject({
      email: 'phone.first@example.in',
      emailVerified: true,
      phoneNumber: '+919000000007',
    });

    const byEmail = browser('203.0.113.201');
    await byEmail.call('/email-otp/send-verification-otp', { email: 'phone.first@example.in', type: 'sign-in' });
    const code = (await latestMail('phone.first@example.in', 'sign_in_code')).match(/Sign-in code: (\d{6})/)![1];
    expect((await byEmail.call('/sign-in/email-otp', { email: 'phone.first@example.in', otp: code })).status).toBe(200);
    expect((await signedInUser(byEmail))?.id).toBe(made.id);
    const db = await getDb();
    expect(
      await db
        .select()
        .from(users)
        .where(and(eq(users.id, made.id), eq(users.phoneNumber, '+919000000007'))),
    ).toHaveLength(1);
  });
});
