// Astro's origin check (security.checkOrigin) done by our middleware instead, so that one path can
// be exempt: the newsletter's unsubscribe link, which mail apps POST to from their own servers
// (RFC 8058 one-click) without an Origin. It is authorised by the HMAC token in its URL, not by a
// cookie, so a cross-site POST to it can do nothing the link's owner did not ask for.
const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];
export const ORIGIN_CHECK_EXEMPT_PATHS: readonly string[] = ['/newsletter/unsubscribe'];

/** True for a form-like (or untyped) POST, PUT, DELETE… whose Origin is not this site, as Astro decides. */
export function isForbiddenCrossSiteRequest(request: Request, url: URL): boolean {
  if (SAFE_METHODS.includes(request.method)) return false;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (ORIGIN_CHECK_EXEMPT_PATHS.includes(path)) return false;
  const sameOrigin = request.headers.get('origin') === url.origin;
  const contentType = request.headers.get('content-type');
  if (contentType === null) return !sameOrigin;
  return !sameOrigin && FORM_CONTENT_TYPES.some((type) => contentType.toLowerCase().includes(type));
}
