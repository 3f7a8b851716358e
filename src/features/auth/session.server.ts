// Who is signed in for this request. Everything outside the auth feature asks here, never better-auth directly.
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { user as users } from '../../db/schema';
import { getAuth } from './auth.server';
import { isPhoneOnlyEmail } from './phone-accounts';

export interface SessionUser {
  id: string;
  /** '' for an account made by phone sign-in that has not added an email yet. */
  email: string;
  /** The verified mobile (+91 and ten digits), or null. */
  phoneNumber: string | null;
  name: string;
  emailVerified: boolean;
  image: string | null;
  twoFactorEnabled: boolean;
}

/** The signed-in customer for these request headers, or null. */
export async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
  if (!headers.get('cookie')?.includes('session_token')) return null; // no cookie, no database round trip
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  return sessionUserOf(session.user);
}

type AccountRow = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
  twoFactorEnabled?: boolean | null;
  phoneNumber?: string | null;
  phoneNumberVerified?: boolean | null;
};

function sessionUserOf(row: AccountRow): SessionUser {
  return {
    id: row.id,
    email: isPhoneOnlyEmail(row.email) ? '' : row.email,
    phoneNumber: row.phoneNumberVerified ? (row.phoneNumber ?? null) : null,
    name: row.name,
    emailVerified: row.emailVerified,
    image: row.image ?? null,
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
  };
}

/** The account as it is now (after a change made in this request, when the session cookie may be replaced). */
export async function reloadUser(id: string): Promise<SessionUser | null> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? sessionUserOf(row) : null;
}

/** For signed-in-only pages: the user, or a redirect to /sign-in that brings them back afterwards. */
export async function requireUser(context: {
  request: Request;
  url: URL;
  redirect: (to: string, status?: 302 | 303) => Response;
}): Promise<{ user: SessionUser; redirect?: undefined } | { user?: undefined; redirect: Response }> {
  const user = await getSessionUser(context.request.headers);
  if (user) return { user };
  const back = context.url.pathname + context.url.search;
  return { redirect: context.redirect(`/sign-in?redirect=${encodeURIComponent(back)}`, 302) };
}
