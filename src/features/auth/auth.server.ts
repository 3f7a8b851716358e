// better-auth, self-hosted over the store's own database: email + password, sign-in by email code,
// TOTP two-factor with backup codes, and one organization for the store's staff.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, APIError } from 'better-auth/api';
import { emailOTP, organization, twoFactor } from 'better-auth/plugins';
import { dataDir, getDb, type Db } from '../../db/client';
import { env } from '../../lib/env.server';
import * as schema from '../../db/schema';
import { enqueueEmail, kickOutbox } from '../email/outbox.server';
import { passwordResetMail, signInCodeMail, verifyEmailMail } from './auth-emails';
import { accountAttempt, ACCOUNT_LIMITS } from './account-limit.server';
import { AUTH_MESSAGES } from './auth-forms';
import { claimGuestOrders } from './guest-orders.server';
import { ensureRewardAccount } from '../rewards/rewards.server';
import { joinStaffIfOwner, staffAccessControl, syncOwnersFromEnv } from './staff.server';

export const STORE_NAME = 'Vedara Ayurveda';

/** The public origin mail links point to (SITE_URL), e.g. https://vedara.in. */
export function siteOrigin(): string {
  return new URL(env().SITE_URL).origin;
}

/** AUTH_SECRET, or one generated once and kept in DATA_DIR so sessions survive restarts. */
export function authSecret(): string {
  const configured = env().AUTH_SECRET;
  if (configured) return configured;
  const file = path.join(dataDir(), 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir(), { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

const isLoopback = (origin: string) => /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);

async function queueMail(db: Db, mail: Parameters<typeof enqueueEmail>[1]) {
  await enqueueEmail(db, mail);
  kickOutbox();
}

function createAuth(db: Db) {
  const origin = siteOrigin();
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
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, url }) => queueMail(db, { kind: 'password_reset', to: user.email, ...passwordResetMail(user.name, url) }),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 86_400,
      sendVerificationEmail: async ({ user, url }) => queueMail(db, { kind: 'verify_email', to: user.email, ...verifyEmailMail(user.name, url) }),
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
      // Per-account limits on top of better-auth's per-IP ones: a botnet cannot grind one account.
      before: createAuthMiddleware(async (ctx) => {
        const limit = ACCOUNT_LIMITS[ctx.path as keyof typeof ACCOUNT_LIMITS];
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email : undefined;
        if (!limit || !email) return;
        if (!(await accountAttempt(db, ctx.path, email, limit))) {
          throw new APIError('TOO_MANY_REQUESTS', { message: AUTH_MESSAGES.tooManyAttempts });
        }
      }),
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
      session: { create: { after: async (session) => { await claimGuestOrders(db, session.userId); } } },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: 600,
        allowedAttempts: 5,
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp }) => queueMail(db, { kind: 'sign_in_code', to: email, ...signInCodeMail(otp) }),
      }),
      twoFactor({ issuer: STORE_NAME }),
      organization({ allowUserToCreateOrganization: false, ...staffAccessControl }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Promise<Auth> | undefined;

/** The store's auth instance (created once the database is ready). */
export function getAuth(): Promise<Auth> {
  instance ??= getDb().then(async (db) => {
    await syncOwnersFromEnv(db);
    return createAuth(db);
  }).catch((error) => { instance = undefined; throw error; });
  return instance;
}
