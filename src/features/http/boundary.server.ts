// The HTTP boundary every on-demand request passes (src/middleware.ts): origin check, body caps, JSON shape,
// then security and caching headers on the way out.
import { checkBodySize, bodyLimitFor, tooLargeMessage } from './body-limit';
import { boundaryConfig } from './boundary-config.server';
import { isJsonWrite, JSON_OBJECT_MESSAGE, requireJsonObject } from './json-body';
import { isForbiddenCrossSite, publicOrigin } from './origin';
import { cacheControlFor, FALLBACK_CSP, HSTS, SECURITY_HEADERS } from './response-policy';

interface BoundaryContext {
  request: Request;
  url: URL;
}

interface OutgoingContext extends BoundaryContext {
  /** Set-Cookie values Astro adds after the middleware (Astro.cookies.set). */
  pendingCookies: number;
}

const isApi = (url: URL) => url.pathname.startsWith('/api/');
const isHtml = (headers: Headers) => (headers.get('content-type') ?? '').toLowerCase().startsWith('text/html');

function refuse(url: URL, status: number, message: string): Response {
  return isApi(url)
    ? Response.json({ error: message }, { status })
    : new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

export const CROSS_SITE_MESSAGE =
  'Cross-site form submissions are forbidden. Please submit the form from the store’s own page.';
const UNREADABLE_MESSAGE = 'The request body could not be read.';

/**
 * Checks an incoming request. Returns a refusal, a replacement request (its body was read here and is handed
 * on as bytes), or null to go on with the original.
 */
export async function admitRequest({ request, url }: BoundaryContext): Promise<Response | Request | null> {
  const config = boundaryConfig();
  if (isForbiddenCrossSite(request, url, config)) return refuse(url, 403, CROSS_SITE_MESSAGE);
  const limit = bodyLimitFor(url.pathname);
  const sized = await checkBodySize(request, limit);
  if (!sized.ok) return refuse(url, sized.status, sized.status === 413 ? tooLargeMessage(limit) : UNREADABLE_MESSAGE);
  let admitted = sized.request;
  if (isApi(url) && isJsonWrite(admitted)) {
    const checked = await requireJsonObject(admitted);
    if (!checked) return refuse(url, 400, JSON_OBJECT_MESSAGE);
    admitted = checked;
  }
  return admitted === request ? null : admitted;
}

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    // e.g. Response.redirect() has immutable headers: answer with a copy
    const copy = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: new Headers(response.headers),
    });
    copy.headers.set(name, value);
    return copy;
  }
}

/** The response with the store's security headers and the Cache-Control it may be kept under. */
export function finishResponse({ request, url, pendingCookies }: OutgoingContext, original: Response): Response {
  const response = withHeader(original, 'x-content-type-options', 'nosniff');
  const { headers } = response;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  // Pages carry Astro's policy (with their script hashes); anything else may not run or frame anything.
  if (!headers.has('content-security-policy') && !isHtml(headers)) headers.set('content-security-policy', FALLBACK_CSP);
  if (publicOrigin(request, url, boundaryConfig()).https) headers.set('strict-transport-security', HSTS);
  else headers.delete('strict-transport-security'); // a cached copy may come from an https request
  const cacheControl = cacheControlFor({
    pathname: url.pathname,
    method: request.method,
    status: response.status,
    contentType: headers.get('content-type'),
    current: headers.get('cache-control'),
    requestCookies: request.headers.get('cookie'),
    setsCookie: pendingCookies > 0 || headers.getSetCookie().length > 0,
  });
  if (cacheControl) headers.set('cache-control', cacheControl);
  return response;
}
