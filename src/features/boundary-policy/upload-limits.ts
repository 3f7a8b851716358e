// Request body caps. Bodies are refused from their declared Content-Length before a byte is read; a body
// without one (chunked) is counted while it streams in and refused at the first byte over the cap.

import { MAX_PHOTO_BYTES, MAX_RETURN_PHOTOS, MAX_VIDEO_BYTES } from '../orders/returns-policy';
import { REVIEW_FORM_BYTES } from '../reviews/review-rules';
import { VITALS_BODY_LIMIT, VITALS_PATH } from '../vitals/vitals';

const MB = 1024 * 1024;
/** A return request: every photo and the unboxing video at their largest, plus the form's text. */
const RETURN_FORM_LIMIT = MAX_RETURN_PHOTOS * MAX_PHOTO_BYTES + MAX_VIDEO_BYTES + MB;

export const DEFAULT_BODY_LIMIT = 2 * MB;

/**
 * Who may send a page its larger body: `staff` (a signed-in member of the store's staff), `account` (any
 * signed-in customer), `order` (whoever may see the order named in the path: its signed-in owner, or the
 * holder of its signed link). Everyone else is held to DEFAULT_BODY_LIMIT (src/features/boundary-policy/upload-rights.server.ts).
 */
export type UploadRight = 'staff' | 'account' | 'order';

export interface UploadLimit {
  prefix: string;
  limit: number;
  right: UploadRight;
}

/** Pages that take uploads, longest prefix first; everything else gets DEFAULT_BODY_LIMIT. */
export const UPLOAD_BODY_LIMITS: readonly UploadLimit[] = [
  { prefix: '/admin/', limit: 60 * MB, right: 'staff' }, // product media on the back office
  { prefix: '/dashboard/profile', limit: 4 * MB, right: 'account' }, // one profile image of 2 MB at most
  { prefix: '/dashboard/reviews/', limit: REVIEW_FORM_BYTES, right: 'account' }, // a review with its photos
  { prefix: '/orders/', limit: RETURN_FORM_LIMIT, right: 'order' }, // a return with its photos and unboxing video
  { prefix: '/order/', limit: RETURN_FORM_LIMIT, right: 'order' },
];

/** Endpoints whose bodies are always small: whoever sends them is held to this cap, below the default. */
export const SMALL_BODY_LIMITS: readonly { path: string; limit: number }[] = [
  { path: VITALS_PATH, limit: VITALS_BODY_LIMIT }, // a web-vitals beacon: a template name and a few numbers
];

/** The cap for a sender not known to be entitled to the page's upload cap: DEFAULT_BODY_LIMIT or a smaller one. */
export function baseLimitFor(pathname: string): number {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return SMALL_BODY_LIMITS.find((s) => s.path === path)?.limit ?? DEFAULT_BODY_LIMIT;
}

/** The largest cap of all: the server's own backstop (adapter bodySizeLimit) must not be lower. */
export const MAX_BODY_LIMIT = Math.max(DEFAULT_BODY_LIMIT, ...UPLOAD_BODY_LIMITS.map((u) => u.limit));

/** The page's upload cap and who may use it, or undefined when the page takes no uploads. */
export function uploadLimitFor(pathname: string): UploadLimit | undefined {
  const path = pathname.toLowerCase();
  return UPLOAD_BODY_LIMITS.find((u) => path.startsWith(u.prefix) || `${path}/` === u.prefix);
}

/** The most a page accepts from someone entitled to its upload cap. */
export function bodyLimitFor(pathname: string): number {
  return uploadLimitFor(pathname)?.limit ?? DEFAULT_BODY_LIMIT;
}

/**
 * Whether the body may be larger than DEFAULT_BODY_LIMIT, so that who is asking must be checked first:
 * it declares more, or declares nothing (chunked) and is counted as it streams.
 */
export function mayExceedDefault(request: Request): boolean {
  if (!request.body) return false;
  const declared = request.headers.get('content-length');
  return declared === null || !/^\d+$/.test(declared.trim()) || Number(declared) > DEFAULT_BODY_LIMIT;
}

export const formatLimit = (bytes: number) =>
  bytes < MB ? `${Math.round(bytes / 1024)} KB` : `${Math.round(bytes / MB)} MB`;

export const tooLargeMessage = (limit: number) =>
  `The request is too large. This page accepts at most ${formatLimit(limit)}; please send smaller files.`;

/** How long, and how much more, a refused body is read and thrown away so the client can read the 413. */
const DISCARD_MS = 5_000;
const DISCARD_BYTES = 32 * MB;

/**
 * The rest of a refused body is read and thrown away (nothing is kept) while the 413 goes out, for a few
 * seconds at most; then the connection is dropped. Dropping it at once would reset the connection before a
 * client still sending had read the answer (it saw a broken pipe instead of "too large").
 */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const until = Date.now() + DISCARD_MS;
  let discarded = 0;
  void (async () => {
    try {
      while (Date.now() < until && discarded < DISCARD_BYTES) {
        const { done, value } = await reader.read();
        if (done) return;
        discarded += value.byteLength;
      }
    } catch {
      return; // the client went away
    }
    await reader.cancel().catch(() => {});
  })();
}

export type BodyCheck = { ok: true; request: Request } | { ok: false; status: 413 | 400 };

/**
 * The request if its body fits `limit` (the same Request when Content-Length vouches for it, otherwise a
 * copy with the counted bytes), or why not. Keeps at most `limit` bytes; a refused body is discarded.
 */
export async function checkBodySize(request: Request, limit: number): Promise<BodyCheck> {
  if (!request.body) return { ok: true, request };
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    if (!/^\d+$/.test(declared.trim())) return { ok: false, status: 400 };
    return Number(declared) > limit ? { ok: false, status: 413 } : { ok: true, request };
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > limit) {
        discardRest(reader);
        return { ok: false, status: 413 };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, status: 400 }; // the client broke off the upload
  }
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const headers = new Headers(request.headers);
  headers.delete('transfer-encoding');
  headers.set('content-length', String(received));
  return {
    ok: true,
    request: new Request(request.url, { method: request.method, headers, body, signal: request.signal }),
  };
}
