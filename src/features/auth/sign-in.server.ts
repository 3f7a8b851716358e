// Form handlers of the sign-in pages: each parses the form, calls better-auth and says what to show next.
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  codeSchema,
  emailOnlySchema,
  firstIssue,
  newPasswordSchema,
  phoneCodeSchema,
  phoneCodeSent,
  phoneOnlySchema,
  safeRedirect,
  signInSchema,
  signUpSchema,
} from './auth-forms';
import { getDb } from '../../db/client';
import { user as users } from '../../db/schema';
import { refuse, type FormRefusal, type FormSuccess, type PostedForm } from '../../server/http/form.server';
import { applyReferral, referralCodeExists, REFERRAL_MESSAGES } from '../rewards/rewards.server';
import { callAuth, redirectWithCookies, type AuthCallResult } from './request.server';
import { normaliseBackupCode } from './totp';
import { templateSendable } from '../../server/messages/channels.server';

interface Incoming {
  request: Request;
  clientAddress: string;
}

/** What a sign-in form does next: a redirect that carries the session cookies, a notice, or a refusal; with the values to show again. */
export type AuthOutcome = (FormSuccess | FormRefusal) & { values: Record<string, string> };

/** A refused auth call: 429 when better-auth asks the shopper to wait (its own message when it says when). */
function failure(result: AuthCallResult<unknown>, fallback: string, values: Record<string, string>): AuthOutcome {
  if (result.status === 429)
    return {
      ...refuse(
        'rate_limited',
        result.message?.startsWith('Too many') ? result.message : AUTH_MESSAGES.tooManyAttempts,
      ),
      values,
    };
  return { ...refuse('invalid', result.status >= 500 ? AUTH_MESSAGES.failed : fallback), values };
}

const invalid = (message: string, values: Record<string, string>, errors?: Record<string, string>): AuthOutcome => ({
  ...refuse('invalid', message, errors ? { errors } : {}),
  values,
});
const redirect = (to: string, setCookies: string[] = []): AuthOutcome => ({
  ok: true,
  response: redirectWithCookies(to, setCookies),
  values: {},
});
const withoutSecrets = (values: Record<string, string>) => ({ ...values, password: '', confirm: '', otp: '' });
const twoFactorStep = (target: string) => `/sign-in/two-factor?redirect=${encodeURIComponent(target)}`;

export async function signInWithPassword(incoming: Incoming, form: PostedForm): Promise<AuthOutcome> {
  const values = form.values();
  const target = safeRedirect(values.redirect);
  const parsed = signInSchema.safeParse(values);
  if (!parsed.success) return invalid(firstIssue(parsed.error), withoutSecrets(values));
  const result = await callAuth<{ twoFactorRedirect?: boolean }>(incoming, '/sign-in/email', {
    ...parsed.data,
    rememberMe: true,
  });
  if (!result.ok) return failure(result, AUTH_MESSAGES.invalidCredentials, withoutSecrets(values));
  return redirect(result.data?.twoFactorRedirect ? twoFactorStep(target) : target, result.setCookies);
}

export async function signUp(incoming: Incoming, form: PostedForm): Promise<AuthOutcome> {
  const values = form.values();
  const target = safeRedirect(values.redirect);
  const parsed = signUpSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message]));
    return invalid(firstIssue(parsed.error), withoutSecrets(values), fieldErrors);
  }
  const { name, email, password, referral } = parsed.data;
  // A mistyped referral code is caught before the account exists, so the shopper can fix it.
  if (referral && !(await referralCodeExists(referral))) {
    return invalid(REFERRAL_MESSAGES.invalid, withoutSecrets(values), { referral: REFERRAL_MESSAGES.invalid });
  }
  // The verification link signs the new customer in and brings them where they were going.
  const callbackURL = `${target}${target.includes('?') ? '&' : '?'}verified=1`;
  const result = await callAuth<{ user: { id: string } }>(incoming, '/sign-up/email', {
    name,
    email,
    password,
    callbackURL,
  });
  if (!result.ok || !result.data)
    return failure(result, result.message ?? AUTH_MESSAGES.failed, withoutSecrets(values));
  // A taken email gets a look-alike answer (and its owner a mail): only a real new account is referred.
  const db = await getDb();
  const [created] = await db.select({ id: users.id }).from(users).where(eq(users.id, result.data.user.id));
  if (referral && created) await db.transaction((tx) => applyReferral(tx, created.id, referral));
  return redirect('/sign-up/check-email', result.setCookies);
}

export async function sendSignInCode(incoming: Incoming, form: PostedForm): Promise<AuthOutcome> {
  const values = form.values();
  const parsed = emailOnlySchema.safeParse(values);
  if (!parsed.success) return invalid(firstIssue(parsed.error), values);
  const result = await callAuth(incoming, '/email-otp/send-verification-otp', {
    email: parsed.data.email,
    type: 'sign-in',
  });
  // The same answer whether or not an account exists, so the form cannot be used to probe for customers.
  if (!result.ok && result.status === 429) return { ...refuse('rate_limited', AUTH_MESSAGES.tooManyAttempts), values };
  return { ok: true, notice: AUTH_MESSAGES.codeSent, values: { ...values, email: parsed.data.email, step: 'code' } };
}

export async function signInWithCode(incoming: Incoming, form: PostedForm): Promise<AuthOutcome> {
  const values = form.values();
  const shownAgain = { ...withoutSecrets(values), step: 'code' };
  const parsed = codeSchema.safeParse(values);
  if (!parsed.success) return invalid(firstIssue(parsed.error), shownAgain);
  const result = await callAuth<{ twoFactorRedirect?: boolean }>(incoming, '/sign-in/email-otp', parsed.data);
  if (!result.ok) return failure(result, AUTH_MESSAGES.invalidCode, shownAgain);
  const target = safeRedirect(values.redirect);
  return redirect(result.data?.twoFactorRedirect ? twoFactorStep(target) : target, result.setCookies);
}

/** Whether codes can go out by SMS now (the SMS channel is on and its provider knows the template). */
export const phoneSignInAvailable = () => templateSendable('sign_in_code');

/** Step one of phone sign-in (or sign-up): a code by SMS to an Indian mobile; anything else is refused, nothing sent. */
export async function sendPhoneCode(incoming: Incoming, form: PostedForm): Promise<AuthOutcome> {
  const values = form.values();
  if (!phoneSignInAvailable()) return { ...refuse('not_found', AUTH_MESSAGES.phoneUnavailable), values };
  const parsed = phoneOnlySchema.safeParse(values);
  if (!parsed.success) return invalid(firstIssue(parsed.error), values, { phone: firstIssue(parsed.error) });
  const { phone } = parsed.data;
  const result = await callAuth(incoming, '/phone-number/send-otp', { phoneNumber: phone });
  if (!result.ok) return failure(result, result.message ?? AUTH_MESSAGES.failed, values);
  return { ok: true, notice: phoneCodeSent(phone), values: { ...values, phone, step: 'code' } };
}

/** Step two: the code signs in to the mobile's account, or makes one; two-step verification follows when on. */
export async function signInWithPhoneCode(incoming: Incoming, form: PostedForm): Promise<AuthOutcome> {
  const values = form.values();
  const shownAgain = { ...withoutSecrets(values), step: 'code' };
  const parsed = phoneCodeSchema.safeParse(values);
  if (!parsed.success) return invalid(firstIssue(parsed.error), shownAgain);
  const result = await callAuth<{ twoFactorRedirect?: boolean }>(incoming, '/phone-number/verify', {
    phoneNumber: parsed.data.phone,
    code: parsed.data.otp,
  });
  if (!result.ok) return failure(result, AUTH_MESSAGES.invalidCode, { ...shownAgain, phone: parsed.data.phone });
  const target = safeRedirect(values.redirect);
  return redirect(result.data?.twoFactorRedirect ? twoFactorStep(target) : target, result.setCookies);
}

export async function verifySecondFactor(incoming: Incoming, form: PostedForm): Promise<AuthOutcome> {
  const values = form.values();
  const backup = values.method === 'backup';
  const code = backup ? normaliseBackupCode(values.code ?? '') : (values.code ?? '').replace(/\s+/g, '');
  if (!code) return invalid(AUTH_MESSAGES.invalidCode, values);
  const result = await callAuth(incoming, backup ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp', {
    code,
    trustDevice: values.trust === 'on',
  });
  if (!result.ok) return failure(result, AUTH_MESSAGES.invalidCode, { ...values, code: '' });
  return redirect(safeRedirect(values.redirect), result.setCookies);
}

export async function requestPasswordReset(incoming: Incoming, form: PostedForm): Promise<AuthOutcome> {
  const values = form.values();
  const parsed = emailOnlySchema.safeParse(values);
  if (!parsed.success) return invalid(firstIssue(parsed.error), values);
  const result = await callAuth(incoming, '/request-password-reset', {
    email: parsed.data.email,
    redirectTo: '/sign-in/reset-password',
  });
  if (!result.ok && result.status === 429) return { ...refuse('rate_limited', AUTH_MESSAGES.tooManyAttempts), values };
  return { ok: true, notice: AUTH_MESSAGES.resetSent, values: {} };
}

export async function resetPassword(incoming: Incoming, form: PostedForm): Promise<AuthOutcome> {
  const values = form.values();
  const parsed = newPasswordSchema.safeParse(values);
  if (!parsed.success) return invalid(firstIssue(parsed.error), withoutSecrets(values));
  const result = await callAuth(incoming, '/reset-password', {
    token: parsed.data.token,
    newPassword: parsed.data.password,
  });
  if (!result.ok) return failure(result, AUTH_MESSAGES.resetInvalid, withoutSecrets(values));
  return redirect('/sign-in?reset=1');
}

export async function signOut(incoming: Incoming): Promise<Response> {
  const result = await callAuth(incoming, '/sign-out', {});
  return redirectWithCookies('/', result.setCookies);
}
