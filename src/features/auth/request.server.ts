// How pages and the /api/auth route talk to better-auth: every call goes through its router, so
// rate limits, origin checks and cookies work the same with and without JavaScript.
import { CLIENT_IP_HEADER, clientIp, type IncomingRequest } from '../../server/client-address.server';
import { getAuth } from './auth.server';

/** The request's headers with the trusted client address set (and any forged copy replaced). */
export function headersFor(incoming: IncomingRequest): Headers {
  const headers = new Headers(incoming.request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(incoming));
  return headers;
}

export interface AuthCallResult<T> {
  ok: boolean;
  status: number;
  data: T | null;
  /** better-auth's error message, when it gave one. */
  message?: string;
  setCookies: string[];
}

/** POSTs (or GETs) one better-auth endpoint on behalf of a form submission. */
export async function callAuth<T = Record<string, unknown>>(
  incoming: IncomingRequest,
  endpoint: string,
  body?: Record<string, unknown>,
): Promise<AuthCallResult<T>> {
  const auth = await getAuth();
  const url = new URL(incoming.request.url);
  const headers = headersFor(incoming);
  headers.set('origin', url.origin);
  headers.delete('content-length');
  let init: RequestInit = { method: 'GET', headers };
  if (body) {
    headers.set('content-type', 'application/json');
    init = { method: 'POST', headers, body: JSON.stringify(body) };
  }
  const response = await auth.handler(new Request(new URL(`/api/auth${endpoint}`, url.origin), init));
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  const message =
    !response.ok && data && typeof data === 'object' && 'message' in data
      ? String((data as { message: unknown }).message)
      : undefined;
  return {
    ok: response.ok,
    status: response.status,
    data: response.ok ? (data as T) : null,
    message,
    setCookies: response.headers.getSetCookie(),
  };
}

const SIGNED_IN_HINT = 'signed_in';

/**
 * better-auth's cookies plus a readable `signed_in=1` hint that follows the HttpOnly session cookie,
 * so the header island of a guest (most visitors) does not ask the server who is signed in.
 */
export function withSignedInHint(setCookies: string[]): string[] {
  const session = setCookies.find((c) => /^[^=]*session_token=/.test(c));
  if (!session) return setCookies;
  const ended = /^[^=]*session_token=;/.test(session) || /max-age=0\b/i.test(session);
  const secure = /;\s*secure/i.test(session) ? '; Secure' : '';
  const hint = ended
    ? `${SIGNED_IN_HINT}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
    : `${SIGNED_IN_HINT}=1; Path=/; Max-Age=${60 * 60 * 24 * 30}; SameSite=Lax${secure}`;
  return [...setCookies, hint];
}

/** A 303 redirect carrying the cookies better-auth set (session, two-factor challenge…). */
export function redirectWithCookies(location: string, setCookies: string[] = []): Response {
  const headers = new Headers({ location });
  for (const cookie of withSignedInHint(setCookies)) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}
