// The HTTP boundary every on-demand request passes (src/middleware.ts): origin check, characters PostgreSQL
// refuses, body caps by who is asking, JSON shape, then security and caching headers on the way out.
import {
  BodyTooLargeError,
  checkBodySize,
  countedBody,
  mayExceedDefault,
  tooLargeMessage,
  type UploadCheck,
  uploadPolicy,
} from './body-limit';
import { boundaryConfig } from './boundary-config.server';
import { isJsonObject, isJsonWrite, JSON_OBJECT_MESSAGE } from './json-body';
import { isForbiddenCrossSite, publicOrigin } from './origin';
import {
  formHasRefusedCharacter,
  hasRefusedCharacter,
  jsonHasRefusedCharacter,
  REFUSED_CHARACTER_MESSAGE,
  urlHasRefusedCharacter,
} from './refused-characters';
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
    : new Response(message, {
        status,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
}

/** The answer to an error a page threw that is the sender's, not the store's: an upload past its cap. */
export function refusalOf(error: unknown, url: URL): Response | null {
  return error instanceof BodyTooLargeError ? refuse(url, 413, tooLargeMessage(error.limit)) : null;
}

export const CROSS_SITE_MESSAGE =
  'Cross-site form submissions are forbidden. Please submit the form from the store’s own page.';
const UNREADABLE_MESSAGE = 'The request body could not be read.';

/**
 * Checks an incoming request. Returns a refusal, a replacement request (its body was read here and is handed
 * on as bytes), or null to go on with the original. The registered upload policy says which pages take a
 * larger (or a smaller) body and who may send the larger; tests may pass their own `rights`.
 */
export async function admitRequest(
  { request, url }: BoundaryContext,
  rights?: UploadCheck,
): Promise<Response | Request | null> {
  const config = boundaryConfig();
  if (isForbiddenCrossSite(request, url, config)) return refuse(url, 403, CROSS_SITE_MESSAGE);
  if (urlHasRefusedCharacter(url)) return refuse(url, 400, REFUSED_CHARACTER_MESSAGE);
  // Every body is held to the default cap (or a page's smaller one) until the sender is known to be entitled
  // to the page's larger one (asked only when the body may exceed the default, so ordinary posts cost no
  // database round trip).
  const policy = uploadPolicy();
  const upload = policy.limitFor(url.pathname);
  // Only a multipart form takes the larger cap: it is the one kind of body read as it streams (to disk).
  const entitled =
    upload !== undefined &&
    isMultipart(request.headers.get('content-type') ?? '') &&
    mayExceedDefault(request) &&
    (await (rights ?? policy.mayUpload)(upload.right, { request, url }));
  const limit = entitled ? upload.limit : policy.baseLimitFor(url.pathname);
  // An entitled sender's chunked upload is counted as the page reads it; anything else is sized here.
  if (entitled && request.headers.get('content-length') === null) return countedBody(request, limit);
  const sized = await checkBodySize(request, limit);
  if (!sized.ok) return refuse(url, sized.status, sized.status === 413 ? tooLargeMessage(limit) : UNREADABLE_MESSAGE);
  const checked = await checkBodyText(sized.request, url);
  if (checked instanceof Response) return checked;
  return checked === request ? null : checked;
}

const decoder = new TextDecoder();
const isForm = (type: string) => /^application\/x-www-form-urlencoded\b/i.test(type);
const isMultipart = (type: string) => /^multipart\/form-data\b/i.test(type);
const isJson = (type: string) => /^application\/(?:[\w.+-]*\+)?json\b/i.test(type);

/**
 * The text a route may read from the body, whatever its declared type: a route's request.json() reads
 * text/plain or an undeclared body as readily as JSON (so does a beacon's). A NUL in any of it is refused
 * here; a JSON write to an API must be an object. A large multipart upload (only for those entitled to it)
 * is not read twice: its text fields are checked where the form is read (readPostedForm).
 */
async function checkBodyText(request: Request, url: URL): Promise<Request | Response> {
  const type = request.headers.get('content-type') ?? '';
  if (!request.body) return request;
  if (isMultipart(type) && mayExceedDefault(request)) return request;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(await request.arrayBuffer());
  } catch {
    return refuse(url, 400, UNREADABLE_MESSAGE);
  }
  const refusal = await bodyRefusal(bytes, type, isApi(url) && isJsonWrite(request));
  if (refusal) return refuse(url, 400, refusal);
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: bytes,
    signal: request.signal,
  });
}

/** Why a body is refused (a NUL in what a route would read, or a JSON write that is not an object), if it is. */
async function bodyRefusal(bytes: Uint8Array<ArrayBuffer>, type: string, jsonWrite: boolean): Promise<string | null> {
  if (isMultipart(type)) {
    const form = await new Response(bytes, {
      headers: { 'content-type': type },
    })
      .formData()
      .catch(() => null);
    if (form && formHasRefusedCharacter(form)) return REFUSED_CHARACTER_MESSAGE;
  }
  const text = decoder.decode(bytes);
  // A file in a multipart form may hold any byte; any other body is text a route may read.
  if (!isMultipart(type) && hasRefusedCharacter(text)) return REFUSED_CHARACTER_MESSAGE;
  if (isForm(type) && formHasRefusedCharacter(new URLSearchParams(text))) return REFUSED_CHARACTER_MESSAGE;
  if (isJson(type) && text.trim() !== '') {
    const parsed = parseJson(text);
    if (jsonWrite && !isJsonObject(parsed)) return JSON_OBJECT_MESSAGE;
    if (jsonHasRefusedCharacter(parsed)) return REFUSED_CHARACTER_MESSAGE;
  }
  // Whatever its declared type, a body a route reads as JSON can carry a NUL only as its escape: only then
  // is it parsed here, so an ordinary form costs no JSON parse.
  if (text.includes('\\u0000') && jsonHasRefusedCharacter(parseJson(text))) return REFUSED_CHARACTER_MESSAGE;
  return null;
}

/** The JSON value of the text, or undefined when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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
