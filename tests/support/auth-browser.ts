// A browser talking to the store's better-auth on a test database (the database tests of the auth
// feature): it keeps the cookies each answer sets, calls endpoints as the forms do (callAuth) or through
// the public /api/auth route as a script would, and builds form posts to the store's pages.
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { getDb } from '../../src/db/client';
import { emailOutbox } from '../../src/db/schema';
import { getAuth } from '../../src/features/auth/auth.server';
import { callAuth } from '../../src/features/auth/request.server';
import { codeForStep, timeStep } from '../../src/features/auth/totp';
import { readPostedForm, type PostedForm } from '../../src/server/http/form.server';
import { ALL as authRoute } from '../../src/pages/api/auth/[...all]';

export const PASSWORD = 'tulsi-leaf-42';
export const ORIGIN = 'http://store.test';

/** A form post as the page hands it on: the body read once. */
export async function submit<T>(
  handler: (incoming: { request: Request; clientAddress: string }, form: PostedForm) => Promise<T>,
  incoming: { request: Request; clientAddress: string },
) {
  return handler(incoming, await readPostedForm(incoming.request));
}

/** A browser at `ip` holding the cookies of earlier answers. */
export function browser(ip: string) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (setCookies: string[]) => {
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      if (!value || /max-age=0/i.test(c)) jar.delete(name.trim());
      else jar.set(name.trim(), value);
    }
  };
  const incoming = (path = '/sign-in', init: RequestInit = { method: 'POST' }) => ({
    request: new Request(`${ORIGIN}${path}`, {
      ...init,
      headers: { cookie: cookieHeader(), origin: ORIGIN, ...(init.headers ?? {}) },
    }),
    clientAddress: ip,
  });
  return {
    jar,
    async call<T = Record<string, unknown>>(endpoint: string, body?: Record<string, unknown>) {
      const result = await callAuth<T>(incoming(), endpoint, body);
      keep(result.setCookies);
      return result;
    },
    /** Through the public /api/auth route, as a script in the browser would. */
    async api(endpoint: string, body?: Record<string, unknown>, method = body ? 'POST' : 'GET') {
      const init: RequestInit = {
        method,
        headers: { 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      };
      const response = await authRoute({ ...incoming(`/api/auth${endpoint}`, init) } as Parameters<
        typeof authRoute
      >[0]);
      keep(response.headers.getSetCookie());
      return response as Response;
    },
    /** A form post to one of the store's pages. */
    form(path: string, fields: Record<string, string>) {
      return incoming(path, {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    },
  };
}

export async function createAccount(email: string) {
  const auth = await getAuth();
  await auth.api.signUpEmail({ body: { name: 'Test Shopper', email, password: PASSWORD } });
}

export async function latestMail(to: string, kind: string) {
  const db = await getDb();
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id));
  expect(mail?.kind).toBe(kind);
  return mail!.textBody;
}

/** An account with an authenticator app switched on; returns its secret (as the app holds it). */
export async function accountWithTwoFactor(email: string, ownerAddress = '192.0.2.10') {
  await createAccount(email);
  const owner = browser(ownerAddress);
  expect((await owner.call('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  const enabled = await owner.call<{ totpURI: string }>('/two-factor/enable', { password: PASSWORD });
  const secret = await rawSecret(enabled.data!.totpURI);
  const step = timeStep();
  expect((await owner.call('/two-factor/verify-totp', { code: codeForStep(secret, step) })).status).toBe(200);
  return { secret, setupStep: step };
}

/** The secret's bytes back from the base32 key in the URI (better-auth keys the HMAC with them). */
async function rawSecret(uri: string) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const key = new URL(uri).searchParams.get('secret')!;
  let bits = '';
  for (const char of key) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2))).toString('utf8');
}

export const hasSession = (jar: Map<string, string>) => [...jar.keys()].some((k) => k.endsWith('session_token'));
