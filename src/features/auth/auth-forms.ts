// What the account forms accept and what they say (shared by the pages and their tests).
import { z } from 'zod';
import { formatIndianMobile, INDIAN_MOBILE_MESSAGE, indianMobileE164 } from '../../lib/india';
import { isPhoneOnlyEmail } from './phone-accounts';

export const AUTH_MESSAGES = {
  missingIdentifier: 'You must provide either an email or phone number.',
  invalidEmail: 'Please enter a valid email address.',
  invalidCredentials: 'Invalid email or password.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordsDiffer: 'The passwords do not match.',
  nameRequired: 'Please enter your name.',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  codeSent: 'If an account exists for that email, we have sent a 6-digit sign-in code. It works for 10 minutes.',
  invalidCode: 'That code is not valid or has expired.',
  resetSent: 'If an account exists for that email, we have sent a link to reset your password.',
  resetDone: 'Your password has been changed. Please sign in.',
  resetInvalid: 'This reset link is not valid or has expired. Please ask for a new one.',
  verifyFirst: 'Please verify your email address first: we have sent you a new link.',
  wrongPassword: 'That password is not correct.',
  failed: 'Something went wrong. Please try again.',
  imageNotUploaded: 'A profile image can only be set by uploading it on your profile page.',
  checkEmail: 'Check your email: we have sent a link to finish creating your account. It works for 24 hours.',
  phoneTaken: 'This mobile number belongs to another account. Sign in with it there, or use another number.',
  phoneSame: 'That is already your mobile number.',
  phoneUnavailable: 'Sign-in by mobile number is not available right now. Please sign in with your email.',
} as const;

/** After a code was sent by SMS (any valid number gets one: a new number creates an account). */
export const phoneCodeSent = (phone: string) =>
  `We have sent a 6-digit code by SMS to ${formatIndianMobile(phone)}. It works for 10 minutes.`;

/** Sign-in slowed down for this address and account: says when to try again. */
export function signInSlowedDown(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many sign-in attempts for this account. For your safety, please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`;
}

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: AUTH_MESSAGES.invalidEmail }))
  .refine((v) => !isPhoneOnlyEmail(v), AUTH_MESSAGES.invalidEmail);
const password = z.string().min(8, AUTH_MESSAGES.passwordTooShort).max(128);

/** The first problem of a failed parse, as the shopper should read it. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? AUTH_MESSAGES.failed;
}

/** Sign-in needs an identifier before anything else is checked (the spec's message). */
export const signInSchema = z.object({
  email: z
    .string()
    .trim()
    .refine((v) => v !== '', AUTH_MESSAGES.missingIdentifier)
    .pipe(email),
  password: z.string().min(1, AUTH_MESSAGES.invalidCredentials).max(128),
});

export const signUpSchema = z
  .object({
    name: z.string().trim().min(1, AUTH_MESSAGES.nameRequired).max(120),
    email: z
      .string()
      .trim()
      .refine((v) => v !== '', AUTH_MESSAGES.missingIdentifier)
      .pipe(email),
    password,
    confirm: z.string(),
    referral: z
      .string()
      .trim()
      .max(20)
      .optional()
      .transform((v) => v || undefined),
  })
  .refine((v) => v.password === v.confirm, { message: AUTH_MESSAGES.passwordsDiffer, path: ['confirm'] });

export const emailOnlySchema = z.object({
  email: z
    .string()
    .trim()
    .refine((v) => v !== '', AUTH_MESSAGES.missingIdentifier)
    .pipe(email),
});

/** A 6-digit one-time code, by email or SMS. */
const otp = z
  .string({ error: AUTH_MESSAGES.invalidCode })
  .trim()
  .regex(/^\d{6}$/, AUTH_MESSAGES.invalidCode);

export const codeSchema = z.object({ email, otp });

/** An Indian mobile typed any usual way ('98765 43210', '+91 98765 43210', '09876543210'), as +91 and ten digits. */
export const mobileSchema = z
  .string({ error: AUTH_MESSAGES.missingIdentifier })
  .trim()
  .refine((v) => v !== '', AUTH_MESSAGES.missingIdentifier)
  .transform((v, ctx) => {
    const phone = indianMobileE164(v);
    if (!phone) ctx.addIssue({ code: 'custom', message: INDIAN_MOBILE_MESSAGE });
    return phone ?? '';
  });

export const phoneOnlySchema = z.object({ phone: mobileSchema });

export const phoneCodeSchema = z.object({ phone: mobileSchema, otp });

export const newPasswordSchema = z
  .object({
    token: z.string().min(1, AUTH_MESSAGES.resetInvalid),
    password,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: AUTH_MESSAGES.passwordsDiffer, path: ['confirm'] });

const SITE_BASE = 'https://this-site.invalid';

/**
 * Where to go after signing in: a path on this site, never another origin. The target is parsed the
 * way a browser would (tabs and newlines dropped, backslashes read as slashes), so `/\t/evil.example/`
 * cannot turn into `//evil.example/`; what comes back is the parser's own serialisation, safe in a
 * Location header.
 */
export function safeRedirect(target: unknown, fallback = '/dashboard'): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(target, SITE_BASE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== SITE_BASE || !path.startsWith('/') || path.startsWith('//')) return fallback;
  return path;
}
