// Where a request really came from: behind TRUST_PROXY_HOPS proxies the protocol and host the shopper used
// are in X-Forwarded-Proto / X-Forwarded-Host (the server itself only sees http:// and the proxy's host).

export interface BoundaryConfig {
  /** SITE_URL's origin, e.g. https://vedara.in (null when unset). */
  siteOrigin: string | null;
  /** TRUST_PROXY_HOPS: reverse proxies (TLS terminator, CDN, load balancer) whose X-Forwarded-* headers count. */
  trustProxyHops: number;
}

/**
 * The entry the trusted proxies wrote: with several proxies each may append, so count from the right
 * (a client can only forge entries on the left). With a single value that value is taken.
 */
function trustedEntry(header: string | null, hops: number): string | undefined {
  const values = (header ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return values[Math.max(0, values.length - hops)];
}

export interface PublicOrigin {
  /** e.g. https://vedara.in */
  origin: string;
  /** The shopper's connection was TLS, directly or up to the trusted proxy. */
  https: boolean;
}

/** The origin the shopper's browser addressed, trusting forwarded headers only when proxies are configured. */
export function publicOrigin(request: Request, url: URL, config: BoundaryConfig): PublicOrigin {
  const direct = { origin: url.origin, https: url.protocol === 'https:' };
  if (config.trustProxyHops === 0) return direct;
  const proto = trustedEntry(request.headers.get('x-forwarded-proto'), config.trustProxyHops)?.toLowerCase();
  const host = trustedEntry(request.headers.get('x-forwarded-host'), config.trustProxyHops) ?? url.host;
  const protocol = proto === 'https' || proto === 'http' ? proto : url.protocol.slice(0, -1);
  if (/[/\\@\s]/.test(host)) return direct; // not a host name: ignore the header
  try {
    return { origin: new URL(`${protocol}://${host}`).origin, https: protocol === 'https' };
  } catch {
    return direct;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Mail apps POST to the newsletter's unsubscribe link from their own servers (RFC 8058 one-click)
// without an Origin. The HMAC token in its URL authorises it, not a cookie, so a cross-site POST to it
// can do nothing the link's owner did not ask for.
export const ORIGIN_CHECK_EXEMPT_PATHS: readonly string[] = ['/newsletter/unsubscribe'];
// Content types a cross-site page can send without a CORS preflight (what an HTML form posts).
const SIMPLE_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * Cross-site request forgery guard (Astro's checkOrigin, made aware of the proxy): a form-like write must
 * carry an Origin the store answers on — the one the shopper addressed, SITE_URL, or the server's own.
 * JSON writes need a CORS preflight the store never grants, so browsers cannot forge them.
 */
export function isForbiddenCrossSite(request: Request, url: URL, config: BoundaryConfig): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (ORIGIN_CHECK_EXEMPT_PATHS.includes(path)) return false;
  const type = request.headers.get('content-type')?.toLowerCase();
  if (type && !SIMPLE_CONTENT_TYPES.some((simple) => type.includes(simple))) return false;
  const origin = request.headers.get('origin');
  if (!origin) return true;
  const allowed = [url.origin, publicOrigin(request, url, config).origin, config.siteOrigin];
  return !allowed.includes(origin);
}
