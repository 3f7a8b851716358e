// Request body caps. Bodies are refused from their declared Content-Length before a byte is read; a body
// without one (chunked) is counted while it streams in and refused at the first byte over the cap: held in
// memory up to the default cap, or, for an upload its sender is entitled to, handed on as it streams. Which
// pages take larger (or smaller) bodies, and who may send the larger ones, is the features' to say: they
// register an upload policy (src/features/boundary-policy); until then every body is held to 2 MB.

const MB = 1024 * 1024;

export const DEFAULT_BODY_LIMIT = 2 * MB;

/**
 * Who may send a page its larger body: `staff` (a signed-in member of the store's staff), `account` (any
 * signed-in customer), `order` (whoever may see the order named in the path: its signed-in owner, or the
 * holder of its signed link). Everyone else is held to DEFAULT_BODY_LIMIT (the features register who: registerUploadPolicy).
 */
export type UploadRight = 'staff' | 'account' | 'order';

export interface UploadLimit {
  prefix: string;
  limit: number;
  right: UploadRight;
}

export type UploadCheck = (right: UploadRight, context: { request: Request; url: URL }) => Promise<boolean>;

/** What the features say about bodies: each page's upload cap (if any), its cap for everyone else, and who may upload. */
export interface UploadPolicy {
  limitFor(pathname: string): UploadLimit | undefined;
  baseLimitFor(pathname: string): number;
  mayUpload: UploadCheck;
}

const KEY = Symbol.for('vedara.store.upload-policy');
const holder = globalThis as typeof globalThis & { [KEY]?: UploadPolicy };
const NO_UPLOADS: UploadPolicy = {
  limitFor: () => undefined,
  baseLimitFor: () => DEFAULT_BODY_LIMIT,
  mayUpload: async () => false,
};

/** Registered once at start by the feature that knows the upload pages (src/middleware.ts loads it). */
export function registerUploadPolicy(policy: UploadPolicy): void {
  holder[KEY] = policy;
}

export function uploadPolicy(): UploadPolicy {
  return holder[KEY] ?? NO_UPLOADS;
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
    request: new Request(request.url, {
      method: request.method,
      headers,
      body,
      signal: request.signal,
    }),
  };
}

/** A streamed upload went past its cap while the page read it (the boundary answers 413). */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(tooLargeMessage(limit));
    this.name = 'BodyTooLargeError';
  }
}

/**
 * A copy of the request whose body is handed on as it streams in, counted: at the first byte past `limit`
 * it fails with BodyTooLargeError and the rest is discarded. For an entitled sender's chunked upload, which
 * the page writes to disk as it arrives (readPostedForm), so no more than a few chunks are ever in memory.
 */
export function countedBody(request: Request, limit: number): Request {
  if (!request.body) return request;
  const reader = request.body.getReader();
  let received = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await reader.read().catch((error: unknown) => ({ error }));
      if ('error' in chunk) return controller.error(chunk.error);
      if (chunk.done) return controller.close();
      received += chunk.value.byteLength;
      if (received > limit) {
        discardRest(reader);
        return controller.error(new BodyTooLargeError(limit));
      }
      controller.enqueue(chunk.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const init = {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    duplex: 'half',
  };
  return new Request(request.url, init as RequestInit);
}
