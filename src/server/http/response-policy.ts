// Security headers every response carries, and who may keep a copy of it (Cache-Control).

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Two years, as the HSTS preload list asks; sent only on responses the shopper received over TLS. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * For responses Astro did not give a policy (endpoints, error texts): nothing may run or frame them.
 * Pages get theirs from Astro (security.csp in astro.config.mjs) with the hashes of their scripts.
 */
export const FALLBACK_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

export const PRIVATE_CACHE = 'private, no-store';
/** A CDN may hold a public page for a minute and serve it stale while it fetches a fresh one. */
export const PUBLIC_HTML_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/**
 * Server islands carry what changes on pre-rendered pages (menus, wellness goals, bestsellers): a cache
 * may keep one but must ask the store again each time, so a change made at the desk shows at once.
 */
export const SERVER_ISLAND_CACHE = 'public, no-cache';
export const isServerIsland = (pathname: string) => pathname.startsWith('/_server-islands/');

/** Pages that always answer one person (their account, cart, orders) or take credentials. */
const PRIVATE_PREFIXES = [
  '/dashboard',
  '/admin',
  '/sign-in',
  '/signin',
  '/sign-up',
  '/sign-out',
  '/cart',
  '/checkout',
  '/orders',
  '/order',
  '/track',
  '/grievances',
  // The signed link that moves or cancels one person's appointment.
  '/appointment/manage',
];

/** Cookies that tie a request to a person: better-auth's session (and its hint), the guest cart. */
const SESSION_COOKIE = /(?:^|;\s*)(?:[\w.-]*session_token|signed_in|cart_id|cart_rev)=/;

export const isPrivatePath = (pathname: string) => {
  const path = pathname.toLowerCase();
  return PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
};

export const hasSessionCookie = (cookieHeader: string | null) => SESSION_COOKIE.test(cookieHeader ?? '');

export interface CacheInput {
  pathname: string;
  method: string;
  status: number;
  contentType: string | null;
  /** The Cache-Control the route set itself, if any. */
  current: string | null;
  requestCookies: string | null;
  setsCookie: boolean;
}

/** The Cache-Control a response leaves with, or null to keep what the route set. */
export function cacheControlFor(input: CacheInput): string | null {
  // Never let a cache hand one shopper's cookie, account page or redirect to another.
  if (input.setsCookie || isPrivatePath(input.pathname)) return PRIVATE_CACHE;
  const isHtml = (input.contentType ?? '').toLowerCase().startsWith('text/html');
  if (!isHtml) return null; // endpoints, redirects and files choose their own
  if (hasSessionCookie(input.requestCookies) || !['GET', 'HEAD'].includes(input.method)) return PRIVATE_CACHE;
  if (input.current && /no-store|private/i.test(input.current)) return null;
  if (isServerIsland(input.pathname)) return input.status === 200 ? SERVER_ISLAND_CACHE : 'no-store';
  if (input.status === 200 || input.status === 404) return PUBLIC_HTML_CACHE;
  return 'no-store';
}
