// Who is signed in for this request. Everything outside the auth feature asks here, never better-auth directly.
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image: string | null;
}

/** The signed-in customer for these request headers, or null. */
export async function getSessionUser(_headers: Headers): Promise<SessionUser | null> {
  return null; // wired to better-auth by the auth feature
}
