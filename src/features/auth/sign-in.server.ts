// Form handlers of the sign-in pages: each parses the form, calls better-auth and says what to show next.
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, codeSchema, emailOnlySchema, firstIssue, newPasswordSchema, safeRedirect, signInSchema, signUpSchema } from './auth-forms';
import { getDb } from '../../db/client';
import { user as users } from '../../db/schema';
import { readForm } from '../../lib/form-data';
import { applyReferral, referralCodeExists, REFERRAL_MESSAGES } from '../rewards/rewards.server';
import { callAuth, redirectWithCookies, type AuthCallResult } from './request.server';
import { normaliseBackupCode } from './totp';

interface Incoming { request: Request; clientAddress: string }

export type FormOutcome =
  | { redirect: Response }
  | { error?: string; notice?: string; fieldErrors?: Record<string, string>; values: Record<string, string> };

function failure(result: AuthCallResult<unknown>, fallback: string): string {
  if (result.status === 429) return result.message?.startsWith('Too many') ? result.message : AUTH_MESSAGES.tooManyAttempts;
  return result.status >= 500 ? AUTH_MESSAGES.failed : fallback;
}

const withoutSecrets = (values: Record<string, string>) => ({ ...values, password: '', confirm: '', otp: '' });

export async function signInWithPassword(incoming: Incoming): Promise<FormOutcome> {
  const values = await readForm(incoming.request);
  const target = safeRedirect(values.redirect);
  const parsed = signInSchema.safeParse(values);
  if (!parsed.success) return { error: firstIssue(parsed.error), values: withoutSecrets(values) };
  const result = await callAuth<{ twoFactorRedirect?: boolean }>(incoming, '/sign-in/email', { ...parsed.data, rememberMe: true });
  if (!result.ok) return { error: failure(result, AUTH_MESSAGES.invalidCredentials), values: withoutSecrets(values) };
  if (result.data?.twoFactorRedirect) {
    return { redirect: redirectWithCookies(`/sign-in/two-factor?redirect=${encodeURIComponent(target)}`, result.setCookies) };
  }
  return { redirect: redirectWithCookies(target, result.setCookies) };
}

export async function signUp(incoming: Incoming): Promise<FormOutcome> {
  const values = await readForm(incoming.request);
  const target = safeRedirect(values.redirect);
  const parsed = signUpSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message]));
    return { error: firstIssue(parsed.error), fieldErrors, values: withoutSecrets(values) };
  }
  const { name, email, password, referral } = parsed.data;
  // A mistyped referral code is caught before the account exists, so the shopper can fix it.
  if (referral && !(await referralCodeExists(referral))) {
    return { error: REFERRAL_MESSAGES.invalid, fieldErrors: { referral: REFERRAL_MESSAGES.invalid }, values: withoutSecrets(values) };
  }
  // The verification link signs the new customer in and brings them where they were going.
  const callbackURL = `${target}${target.includes('?') ? '&' : '?'}verified=1`;
  const result = await callAuth<{ user: { id: string } }>(incoming, '/sign-up/email', { name, email, password, callbackURL });
  if (!result.ok || !result.data) return { error: failure(result, result.message ?? AUTH_MESSAGES.failed), values: withoutSecrets(values) };
  // A taken email gets a look-alike answer (and its owner a mail): only a real new account is referred.
  const db = await getDb();
  const [created] = await db.select({ id: users.id }).from(users).where(eq(users.id, result.data.user.id));
  if (referral && created) await db.transaction((tx) => applyReferral(tx, created.id, referral));
  return { redirect: redirectWithCookies('/sign-up/check-email', result.setCookies) };
}

export async function sendSignInCode(incoming: Incoming): Promise<FormOutcome> {
  const values = await readForm(incoming.request);
  const parsed = emailOnlySchema.safeParse(values);
  if (!parsed.success) return { error: firstIssue(parsed.error), values };
  const result = await callAuth(incoming, '/email-otp/send-verification-otp', { email: parsed.data.email, type: 'sign-in' });
  // The same answer whether or not an account exists, so the form cannot be used to probe for customers.
  if (!result.ok && result.status === 429) return { error: AUTH_MESSAGES.tooManyAttempts, values };
  return { notice: AUTH_MESSAGES.codeSent, values: { ...values, email: parsed.data.email, step: 'code' } };
}

export async function signInWithCode(incoming: Incoming): Promise<FormOutcome> {
  const values = await readForm(incoming.request);
  const parsed = codeSchema.safeParse(values);
  if (!parsed.success) return { error: firstIssue(parsed.error), values: { ...withoutSecrets(values), step: 'code' } };
  const result = await callAuth<{ twoFactorRedirect?: boolean }>(incoming, '/sign-in/email-otp', parsed.data);
  if (!result.ok) return { error: failure(result, AUTH_MESSAGES.invalidCode), values: { ...withoutSecrets(values), step: 'code' } };
  const target = safeRedirect(values.redirect);
  if (result.data?.twoFactorRedirect) {
    return { redirect: redirectWithCookies(`/sign-in/two-factor?redirect=${encodeURIComponent(target)}`, result.setCookies) };
  }
  return { redirect: redirectWithCookies(target, result.setCookies) };
}

export async function verifySecondFactor(incoming: Incoming): Promise<FormOutcome> {
  const values = await readForm(incoming.request);
  const backup = values.method === 'backup';
  const code = backup ? normaliseBackupCode(values.code ?? '') : (values.code ?? '').replace(/\s+/g, '');
  if (!code) return { error: AUTH_MESSAGES.invalidCode, values };
  const result = await callAuth(incoming, backup ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp', { code, trustDevice: values.trust === 'on' });
  if (!result.ok) return { error: failure(result, AUTH_MESSAGES.invalidCode), values: { ...values, code: '' } };
  return { redirect: redirectWithCookies(safeRedirect(values.redirect), result.setCookies) };
}

export async function requestPasswordReset(incoming: Incoming): Promise<FormOutcome> {
  const values = await readForm(incoming.request);
  const parsed = emailOnlySchema.safeParse(values);
  if (!parsed.success) return { error: firstIssue(parsed.error), values };
  const result = await callAuth(incoming, '/request-password-reset', { email: parsed.data.email, redirectTo: '/sign-in/reset-password' });
  if (!result.ok && result.status === 429) return { error: AUTH_MESSAGES.tooManyAttempts, values };
  return { notice: AUTH_MESSAGES.resetSent, values: {} };
}

export async function resetPassword(incoming: Incoming): Promise<FormOutcome> {
  const values = await readForm(incoming.request);
  const parsed = newPasswordSchema.safeParse(values);
  if (!parsed.success) return { error: firstIssue(parsed.error), values: withoutSecrets(values) };
  const result = await callAuth(incoming, '/reset-password', { token: parsed.data.token, newPassword: parsed.data.password });
  if (!result.ok) return { error: failure(result, AUTH_MESSAGES.resetInvalid), values: withoutSecrets(values) };
  return { redirect: redirectWithCookies(`/sign-in?reset=1`) };
}

export async function signOut(incoming: Incoming): Promise<Response> {
  const result = await callAuth(incoming, '/sign-out', {});
  return redirectWithCookies('/', result.setCookies);
}
