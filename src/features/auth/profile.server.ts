// The account pages' actions: name, profile image, email change (after re-entering the password; an
// account made by phone, which has none, adds its first email by the link sent to it), a mobile number
// added by a code sent to it, password change and TOTP two-factor. Each goes through better-auth with the shopper's session.
import QRCode from 'qrcode';
import { z } from 'zod';
import { discardUnreferenced, discardUploads, saveImage } from '../../server/storage/uploads.server';
import { getDb } from '../../db/client';
import { getAuth, STORE_NAME } from './auth.server';
import { AUTH_MESSAGES, firstIssue, phoneCodeSchema, phoneCodeSent, phoneOnlySchema } from './auth-forms';
import { callAuth, headersFor, withSignedInHint } from './request.server';
import { reloadUser, requireUser, type SessionUser } from './session.server';
import { pendingTwoFactorSetup } from './two-factor.server';
import {
  byIntent,
  handleForm,
  refuse,
  type FormPageContext,
  type FormRefusal,
  type PostedForm,
} from '../../server/http/form.server';

interface Incoming {
  request: Request;
  clientAddress: string;
}

/** What an account form did; `setCookies`: what better-auth set (a new session after a password or two-factor change) for the page to pass on. */
export type ActionResult = ({ ok: true; notice?: string } | FormRefusal) & {
  setCookies?: string[];
  /** A mobile a code was sent to, whose code the page asks for next (also after a wrong code). */
  pendingPhone?: string;
};

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

const nameSchema = z.string().trim().min(1, AUTH_MESSAGES.nameRequired).max(120);
const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: AUTH_MESSAGES.invalidEmail }));

async function passwordMatches(incoming: Incoming, password: string): Promise<boolean> {
  if (!password) return false;
  const auth = await getAuth();
  try {
    await auth.api.verifyPassword({ body: { password }, headers: headersFor(incoming) });
    return true;
  } catch {
    return false;
  }
}

export async function updateName(incoming: Incoming, form: FormData): Promise<ActionResult> {
  const parsed = nameSchema.safeParse(form.get('name') ?? '');
  if (!parsed.success) return refuse('invalid', firstIssue(parsed.error));
  const result = await callAuth(incoming, '/update-user', { name: parsed.data });
  return result.ok
    ? { ok: true, notice: 'Your name has been updated.', setCookies: result.setCookies }
    : refuse('invalid', AUTH_MESSAGES.failed);
}

export async function updateAvatar(incoming: Incoming, user: SessionUser, form: FormData): Promise<ActionResult> {
  const file = form.get('image');
  if (!(file instanceof File) || file.size === 0) return refuse('invalid', 'Please choose an image.');
  if (file.size > AVATAR_MAX_BYTES) return refuse('too_large', 'The image must be 2 MB or smaller.');
  const saved = await saveImage('avatars', new Uint8Array(await file.arrayBuffer()), user.id);
  if (!saved.ok) return refuse(saved.code, saved.message);
  const result = await callAuth(incoming, '/update-user', { image: saved.url }).catch(async (error: unknown) => {
    await discardUploads([saved.url]);
    throw error;
  });
  if (!result.ok) {
    await discardUploads([saved.url]); // the account still shows the old image: leave no orphan file
    return refuse('invalid', AUTH_MESSAGES.failed);
  }
  if (user.image) await discardUnreferenced([user.image]); // unless another record shows it too
  return { ok: true, notice: 'Your profile image has been updated.', setCookies: result.setCookies };
}

export async function changeEmail(incoming: Incoming, user: SessionUser, form: FormData): Promise<ActionResult> {
  const parsed = emailSchema.safeParse(form.get('email') ?? '');
  if (!parsed.success) return refuse('invalid', firstIssue(parsed.error));
  if (parsed.data === user.email) return refuse('invalid', 'That is already your email address.');
  // An account made by phone has no password (and no email yet): the code that signed it in stands for it.
  const phoneOnly = user.email === '';
  if (!phoneOnly && !(await passwordMatches(incoming, String(form.get('password') ?? ''))))
    return refuse('invalid', AUTH_MESSAGES.wrongPassword);
  const result = await callAuth(incoming, '/change-email', {
    newEmail: parsed.data,
    callbackURL: '/dashboard/profile?emailChanged=1',
  });
  if (!result.ok)
    return refuse(
      'invalid',
      result.status === 400 && /exist/i.test(result.message ?? '') ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.failed,
    );
  if (phoneOnly)
    return {
      ok: true,
      notice: `We have sent a link to ${parsed.data}. The email is added to your account once you open it.`,
      setCookies: result.setCookies,
    };
  return user.emailVerified
    ? {
        ok: true,
        notice: `We have sent a link to ${parsed.data}. Your email changes once you open it.`,
        setCookies: result.setCookies,
      }
    : {
        ok: true,
        notice: `Your email is now ${parsed.data}. We have sent a link to verify it.`,
        setCookies: result.setCookies,
      };
}

/** A mobile for this account, step one: a code by SMS to it. */
export async function sendPhoneCodeForAccount(
  incoming: Incoming,
  user: SessionUser,
  form: FormData,
): Promise<ActionResult> {
  const parsed = phoneOnlySchema.safeParse({ phone: form.get('phone') ?? '' });
  if (!parsed.success)
    return refuse('invalid', firstIssue(parsed.error), { errors: { phone: firstIssue(parsed.error) } });
  if (parsed.data.phone === user.phoneNumber) return refuse('invalid', AUTH_MESSAGES.phoneSame);
  const result = await callAuth(incoming, '/phone-number/send-otp', { phoneNumber: parsed.data.phone });
  if (!result.ok)
    return result.status === 429
      ? refuse('rate_limited', AUTH_MESSAGES.tooManyAttempts)
      : refuse('invalid', result.status === 400 ? (result.message ?? AUTH_MESSAGES.failed) : AUTH_MESSAGES.failed);
  return { ok: true, notice: phoneCodeSent(parsed.data.phone), pendingPhone: parsed.data.phone };
}

/** Step two: the right code puts the mobile on this account (unless another account has it). */
export async function verifyPhoneForAccount(incoming: Incoming, form: FormData): Promise<ActionResult> {
  const parsed = phoneCodeSchema.safeParse({ phone: form.get('phone') ?? '', otp: form.get('otp') ?? '' });
  if (!parsed.success) return refuse('invalid', firstIssue(parsed.error));
  const result = await callAuth(incoming, '/phone-number/verify', {
    phoneNumber: parsed.data.phone,
    code: parsed.data.otp,
    updatePhoneNumber: true,
  });
  if (result.ok) return { ok: true, notice: 'Your mobile number is verified. You can now sign in with it.' };
  if (result.status === 429) return refuse('rate_limited', AUTH_MESSAGES.tooManyAttempts);
  // better-auth's words when the mobile is another account's (said only after its code proved the phone).
  if (/already exists/i.test(result.message ?? '')) return refuse('conflict', AUTH_MESSAGES.phoneTaken);
  return { ...refuse('invalid', AUTH_MESSAGES.invalidCode), pendingPhone: parsed.data.phone };
}

export async function changePassword(incoming: Incoming, form: FormData): Promise<ActionResult> {
  const next = String(form.get('newPassword') ?? '');
  if (next.length < 8) return refuse('invalid', AUTH_MESSAGES.passwordTooShort);
  if (next !== String(form.get('confirm') ?? '')) return refuse('invalid', AUTH_MESSAGES.passwordsDiffer);
  const result = await callAuth(incoming, '/change-password', {
    currentPassword: String(form.get('currentPassword') ?? ''),
    newPassword: next,
    revokeOtherSessions: true,
  });
  return result.ok
    ? {
        ok: true,
        notice: 'Your password has been changed. Other devices have been signed out.',
        setCookies: result.setCookies,
      }
    : refuse('invalid', AUTH_MESSAGES.wrongPassword);
}

export async function resendVerification(incoming: Incoming, user: SessionUser): Promise<ActionResult> {
  const result = await callAuth(incoming, '/send-verification-email', {
    email: user.email,
    callbackURL: '/dashboard?verified=1',
  });
  return result.ok
    ? { ok: true, notice: `We have sent a new verification link to ${user.email}.` }
    : result.status === 429
      ? refuse('rate_limited', AUTH_MESSAGES.tooManyAttempts)
      : refuse('invalid', AUTH_MESSAGES.failed);
}

export async function startTwoFactor(incoming: Incoming, form: FormData): Promise<ActionResult> {
  const result = await callAuth(incoming, '/two-factor/enable', { password: String(form.get('password') ?? '') });
  return result.ok ? { ok: true, setCookies: result.setCookies } : refuse('invalid', AUTH_MESSAGES.wrongPassword);
}

/** Two-factor set-up waiting for its first code: what the authenticator app needs, and the backup codes. */
export interface TwoFactorSetup {
  uri: string;
  secret: string;
  qrSvg: string;
  backupCodes: string[];
}

/** Shown on every visit (and after a mistyped code) until a right code confirms it. */
export async function twoFactorSetup(user: SessionUser): Promise<TwoFactorSetup | null> {
  const context = await (await getAuth()).$context;
  const pending = await pendingTwoFactorSetup(await getDb(), context.secretConfig, user, STORE_NAME);
  if (!pending) return null;
  return { ...pending, qrSvg: await QRCode.toString(pending.uri, { type: 'svg', margin: 1, width: 200 }) };
}

/** The backup codes as the .txt file the security page offers for download. */
export function backupCodesFile(user: SessionUser, codes: string[]): string {
  return [
    `${STORE_NAME} backup codes for ${user.email}`,
    'Each code works once, when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\r\n');
}

export async function confirmTwoFactor(incoming: Incoming, form: FormData): Promise<ActionResult> {
  const code = String(form.get('code') ?? '').replace(/\s+/g, '');
  const result = await callAuth(incoming, '/two-factor/verify-totp', { code });
  return result.ok
    ? {
        ok: true,
        notice: 'Two-step verification is on. Keep your backup codes somewhere safe.',
        setCookies: result.setCookies,
      }
    : refuse('invalid', AUTH_MESSAGES.invalidCode);
}

export async function disableTwoFactor(incoming: Incoming, form: FormData): Promise<ActionResult> {
  const result = await callAuth(incoming, '/two-factor/disable', { password: String(form.get('password') ?? '') });
  return result.ok
    ? { ok: true, notice: 'Two-step verification is off.', setCookies: result.setCookies }
    : refuse('invalid', AUTH_MESSAGES.wrongPassword);
}

const UNKNOWN_ACTION = { field: 'action', unknown: 'Unknown action.' };

/** The profile page's forms, told apart by their `action`. */
export const profileRequest = (incoming: Incoming, user: SessionUser, form: PostedForm) =>
  byIntent<ActionResult>(
    form,
    {
      name: () => updateName(incoming, form.data),
      image: () => updateAvatar(incoming, user, form.data),
      email: () => changeEmail(incoming, user, form.data),
      'phone-send': () => sendPhoneCodeForAccount(incoming, user, form.data),
      'phone-verify': () => verifyPhoneForAccount(incoming, form.data),
    },
    UNKNOWN_ACTION,
  );

/** The security page's forms, told apart by their `action`. */
export const securityRequest = (incoming: Incoming, form: PostedForm) =>
  byIntent<ActionResult>(
    form,
    {
      password: () => changePassword(incoming, form.data),
      'enable-2fa': () => startTwoFactor(incoming, form.data),
      'confirm-2fa': () => confirmTwoFactor(incoming, form.data),
      'disable-2fa': () => disableTwoFactor(incoming, form.data),
    },
    UNKNOWN_ACTION,
  );

/**
 * An account page: signed out → sign in (and back); a post runs `handle`, passes on the cookies
 * better-auth set, and the page renders with the account as it is now.
 */
export async function accountForm(
  context: Incoming & FormPageContext & Parameters<typeof requireUser>[0] & { response: { headers: Headers } },
  handle: (form: PostedForm, user: SessionUser) => Promise<ActionResult>,
): Promise<
  | { response: Response; user?: undefined; outcome?: undefined }
  | { response?: undefined; user: SessionUser; outcome: ActionResult | undefined }
> {
  const session = await requireUser(context);
  if (session.redirect) return { response: session.redirect };
  const posted = await handleForm(context, (form) => handle(form, session.user));
  if (posted.response) return { response: posted.response };
  if (!posted.outcome) return { user: session.user, outcome: undefined };
  for (const cookie of withSignedInHint(posted.outcome.setCookies ?? []))
    context.response.headers.append('set-cookie', cookie);
  return { user: (await reloadUser(session.user.id)) ?? session.user, outcome: posted.outcome };
}
