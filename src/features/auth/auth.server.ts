// better-auth, self-hosted over the store's own database: email + password, sign-in by email code or
// by a code sent by SMS to an Indian mobile, TOTP two-factor with backup codes, and one organization for
// the store's staff.
import { betterAuth, type BetterAuthPlugin } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, APIError, getSessionFromCtx, isAPIError, type AuthMiddleware } from 'better-auth/api';
import { verifyJWT } from 'better-auth/crypto';
import { randomUUID } from 'node:crypto';
import { emailOTP, organization, phoneNumber, twoFactor } from 'better-auth/plugins';
import { getDb, type Db } from '../../db/client';
import { env } from '../../server/config/env.server';
import { INDIAN_MOBILE_MESSAGE, indianMobileE164 } from '../../lib/india';
import { enqueueMessage } from '../../server/messages/outbox.server';
import { siteOrigin } from '../../server/http/site-origin.server';
import { authSecret } from '../../server/auth-secret.server';
import { CLIENT_IP_HEADER } from '../../server/client-address.server';
import * as schema from '../../db/schema';
import { enqueueEmail, kickOutbox } from '../../server/mail/outbox.server';
import { isAvatarUploadOf } from '../../server/storage/uploads.server';
import { existingAccountMail, passwordResetMail, signInCodeMail, verifyEmailMail } from './auth-emails.server';
import { accountAttempt, ACCOUNT_LIMITS, SIGN_IN_PATHS, signInAttempt, signInSucceeded } from './account-limit.server';
import { AUTH_MESSAGES, signInSlowedDown } from './auth-forms';
import { isStoreEndpoint } from './endpoints';
import { isPhoneOnlyEmail, phoneOnlyEmail } from './phone-accounts';
import { confirmFirstEmail } from './phone-accounts.server';
import { newBackupCodes } from './totp';
import { claimTotpCode } from './two-factor.server';
import { claimGuestOrders } from './guest-orders.server';
import { ensureRewardAccount } from '../rewards/rewards.server';
import { joinStaffIfOwner, syncOwnersFromEnv } from './staff.server';

export const STORE_NAME = 'Vedara Ayurveda';

const isLoopback = (origin: string) => /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);

async function queueMail(db: Db, mail: Parameters<typeof enqueueEmail>[1]) {
  if (isPhoneOnlyEmail(mail.to)) return; // an account made by phone has no email to write to yet
  await enqueueEmail(db, mail);
  kickOutbox();
}

/** The phone sign-in code, as a transactional SMS (one per request: each send is a step of its own). */
async function queueSignInCode(db: Db, phone: string, code: string) {
  const queued = await enqueueMessage(db, {
    template: 'sign_in_code',
    to: phone.slice(1), // 91 and the ten digits
    params: { code },
    idempotencyKey: `sign-in-code:${randomUUID()}`,
  });
  if (queued === null) throw new APIError('SERVICE_UNAVAILABLE', { message: AUTH_MESSAGES.phoneUnavailable });
}

/** The phone-number plugin's endpoints the store uses: the mobile in their body must be +91 and ten digits. */
const PHONE_PATHS = new Set(['/phone-number/send-otp', '/phone-number/verify']);

/** Every /api/auth endpoint the store does not use answers 404 (see endpoints.ts). */
const onlyStoreEndpoints = {
  id: 'store-endpoints',
  onRequest: async (request: Request) =>
    isStoreEndpoint(request.url) ? undefined : { response: new Response('Not Found', { status: 404 }) },
} satisfies BetterAuthPlugin;

/**
 * better-auth's two-factor plugin challenges password sign-ins only; an emailed code is a first
 * factor too, so the same challenge follows every sign-in path of the store.
 */
function challengeEverySignIn<P extends ReturnType<typeof twoFactor>>(plugin: P): P {
  const after = plugin.hooks.after.map((hook) => ({
    ...hook,
    matcher: (context: Parameters<typeof hook.matcher>[0]) =>
      hook.matcher(context) || SIGN_IN_PATHS.has(context.path ?? ''),
  }));
  return { ...plugin, hooks: { ...plugin.hooks, after } };
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose authenticator code this is: the signed-in user (set-up) or the one halfway through sign-in. */
async function twoFactorUserId(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  return (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value ?? null;
}

const clientAddressOf = (ctx: HookContext) => ctx.headers?.get(CLIENT_IP_HEADER) ?? 'unknown';
const bodyText = (ctx: HookContext, field: string) =>
  typeof ctx.body?.[field] === 'string' ? (ctx.body[field] as string) : undefined;

function createAuth(db: Db) {
  const origin = siteOrigin().origin;
  return betterAuth({
    appName: STORE_NAME,
    logger: { disabled: Boolean(env().VITEST) }, // expected failures in tests would flood the output
    baseURL: origin,
    basePath: '/api/auth',
    secret: authSecret(),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    // Same-origin requests are trusted whatever host the store is reached on; anything else must be SITE_URL.
    trustedOrigins: (request) => [origin, request ? new URL(request.url).origin : undefined],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      // Sign-up answers the same for a new and a taken email (no session, "check your mail"); the
      // owner of a taken one is told by mail instead. New accounts sign in from the verification link.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) =>
        queueMail(db, {
          kind: 'sign_up_existing',
          to: user.email,
          ...existingAccountMail(user.name, `${origin}/sign-in`, `${origin}/sign-in/forgot-password`),
        }),
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, url }) =>
        queueMail(db, { kind: 'password_reset', to: user.email, ...passwordResetMail(user.name, url) }),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 86_400,
      sendVerificationEmail: async ({ user, url }) =>
        queueMail(db, { kind: 'verify_email', to: user.email, ...verifyEmailMail(user.name, url) }),
    },
    user: { changeEmail: { enabled: true } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      // Per client address, and generous: mobile carriers in India put many shoppers behind one
      // address (CGNAT). The strict limits are per account (see hooks.before).
      customRules: {
        '/sign-in/email': { window: 60, max: 30 },
        '/sign-up/email': { window: 60, max: 20 },
        '/sign-in/email-otp': { window: 60, max: 30 },
        '/email-otp/send-verification-otp': { window: 60, max: 20 },
        '/phone-number/verify': { window: 60, max: 30 },
        '/phone-number/send-otp': { window: 60, max: 20 },
        '/request-password-reset': { window: 60, max: 20 },
        '/two-factor/verify-totp': { window: 60, max: 30 },
        '/two-factor/verify-backup-code': { window: 60, max: 30 },
      },
    },
    advanced: {
      // The store's own request layer (request.server.ts) puts the one trusted client address here.
      ipAddress: { ipAddressHeaders: ['x-store-client-ip'] },
      useSecureCookies: env().NODE_ENV === 'production' && !isLoopback(origin),
      cookiePrefix: 'vedara',
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const email = bodyText(ctx, 'email');
        // A phone account's placeholder email is no address: nothing signs in, signs up or mails with it.
        const emails = [email, bodyText(ctx, 'newEmail')];
        if (emails.some((value) => value !== undefined && isPhoneOnlyEmail(value))) {
          throw new APIError('BAD_REQUEST', { message: AUTH_MESSAGES.invalidEmail });
        }
        // Phone sign-in takes Indian mobiles only, in their one form (the forms write them so): anything
        // else is refused here, before a code is made or an SMS queued.
        const phone = bodyText(ctx, 'phoneNumber');
        const byPhone = PHONE_PATHS.has(ctx.path);
        if (byPhone && (!phone || indianMobileE164(phone) !== phone)) {
          throw new APIError('BAD_REQUEST', { message: INDIAN_MOBILE_MESSAGE });
        }
        // Who the limits count against: the email, or the mobile for phone sign-in.
        const identifier = byPhone ? phone : email;
        // The store sends sign-in codes only; other kinds (password reset, email change) are not used.
        if (ctx.path === '/email-otp/send-verification-otp' && ctx.body?.type !== 'sign-in') {
          throw new APIError('BAD_REQUEST', { message: AUTH_MESSAGES.failed });
        }
        // Sign-in is slowed per address and account, under a ceiling per account (account-limit.server.ts).
        if (SIGN_IN_PATHS.has(ctx.path) && identifier) {
          const verdict = await signInAttempt(db, clientAddressOf(ctx), identifier);
          if (!verdict.allowed) {
            const seconds = Math.max(1, Math.ceil((verdict.retryAt - Date.now()) / 1000));
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { message: signInSlowedDown(seconds) },
              { 'Retry-After': String(seconds) },
            );
          }
        }
        const limit = ACCOUNT_LIMITS[ctx.path as keyof typeof ACCOUNT_LIMITS];
        if (limit && identifier && !(await accountAttempt(db, ctx.path, identifier, limit))) {
          throw new APIError('TOO_MANY_REQUESTS', { message: AUTH_MESSAGES.tooManyAttempts });
        }
        // An account's image is only ever a profile image this account uploaded through the store's
        // upload path (profile.server.ts), never an address someone typed: not at sign-up (by email or
        // phone), not on update-user.
        const setsImage = typeof ctx.body === 'object' && ctx.body !== null && 'image' in ctx.body;
        if (setsImage && (ctx.path === '/sign-up/email' || ctx.path === '/update-user' || byPhone)) {
          const session = ctx.path === '/update-user' ? await getSessionFromCtx(ctx) : null;
          if (!session || !(await isAvatarUploadOf(session.user.id, ctx.body.image))) {
            throw new APIError('BAD_REQUEST', { message: AUTH_MESSAGES.imageNotUploaded });
          }
        }
        // An authenticator code works once: its time-step must be newer than the last one accepted.
        const code = bodyText(ctx, 'code');
        if (ctx.path === '/two-factor/verify-totp' && code) {
          const userId = await twoFactorUserId(ctx);
          if (userId && !(await claimTotpCode(db, ctx.context.secretConfig, userId, code.trim()))) {
            throw new APIError('UNAUTHORIZED', { message: AUTH_MESSAGES.invalidCode });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // The first email of an account made by phone is verified by opening its link (phone-accounts.server.ts).
        if (ctx.path === '/verify-email' && typeof ctx.query?.token === 'string') {
          const payload = await verifyJWT(ctx.query.token, ctx.context.secret);
          const confirmed = payload && (await confirmFirstEmail(db, payload));
          if (confirmed) await claimGuestOrders(db, confirmed);
        }
        // A verification link signs an unverified account in; with two-step on, that session is
        // dropped (the email still counts as verified) and the owner signs in through the challenge.
        const linked = ctx.context.newSession;
        if (ctx.path === '/verify-email' && linked?.user.twoFactorEnabled) {
          await ctx.context.internalAdapter.deleteSession(linked.session.token);
          return;
        }
        const identifier = PHONE_PATHS.has(ctx.path) ? bodyText(ctx, 'phoneNumber') : bodyText(ctx, 'email');
        if (!SIGN_IN_PATHS.has(ctx.path) || !identifier || isAPIError(ctx.context.returned)) return;
        await signInSucceeded(db, clientAddressOf(ctx), identifier);
      }) as AuthMiddleware,
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await ensureRewardAccount(db, user); // the sign-up bonus and a personal referral code
            await joinStaffIfOwner(db, user);
          },
        },
      },
      // Every sign-in (and the one right after verifying the email) picks up guest orders of that email.
      session: {
        create: {
          after: async (session) => {
            await claimGuestOrders(db, session.userId);
          },
        },
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: 600,
        allowedAttempts: 5,
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp }) =>
          queueMail(db, { kind: 'sign_in_code', to: email, ...signInCodeMail(otp) }),
      }),
      // Sign-in (and sign-up) by a code sent by SMS; a signed-in customer adds a mobile the same way
      // (/phone-number/verify with updatePhoneNumber). A new number makes an account with no name and a
      // placeholder email (phone-accounts.ts) until its owner adds them.
      phoneNumber({
        otpLength: 6,
        expiresIn: 600,
        allowedAttempts: 5,
        phoneNumberValidator: (phone) => indianMobileE164(phone) === phone,
        sendOTP: ({ phoneNumber: phone, code }) => queueSignInCode(db, phone, code),
        signUpOnVerification: { getTempEmail: phoneOnlyEmail, getTempName: () => '' },
      }),
      challengeEverySignIn(
        twoFactor({
          issuer: STORE_NAME,
          backupCodeOptions: { customBackupCodesGenerate: () => newBackupCodes() },
          // The per-account ceiling of the code step (authenticator and backup codes together), on top of
          // the per-address limit above: ten wrong codes in a row, from any number of addresses, and the
          // account takes no code for 15 minutes. Whoever gets here knows the password; the owner can
          // still reset it by email. (better-auth's default, set here so it is seen and kept.)
          accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 900 },
        }),
      ),
      // Membership only: its endpoints are closed (endpoints.ts); who may do what is src/lib/permissions.ts.
      organization({ allowUserToCreateOrganization: false }),
      onlyStoreEndpoints,
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Promise<Auth> | undefined;

/** The store's auth instance (created once the database is ready). */
export function getAuth(): Promise<Auth> {
  instance ??= getDb()
    .then(async (db) => {
      await syncOwnersFromEnv(db);
      return createAuth(db);
    })
    .catch((error) => {
      instance = undefined;
      throw error;
    });
  return instance;
}
