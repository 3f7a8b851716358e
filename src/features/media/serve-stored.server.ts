// One stored file as an HTTP answer, with Range support (206 Partial Content, 416 for a range past
// the end, Accept-Ranges: bytes) so videos play and seek in every browser. A backend that can read
// part of a file (local storage) reads only the bytes asked for; others read it whole and slice.
import { type ByteRange, parseByteRange } from './byte-range';
import { storage, type StoredObject } from './storage.server';

type Found = { size: number; contentType: string; read: (range: ByteRange | null) => Promise<Uint8Array<ArrayBuffer> | null> };

async function find(key: string): Promise<Found | null> {
  const store = storage();
  if (store.stat && store.getRange) {
    const info = await store.stat(key);
    const getRange = store.getRange.bind(store);
    return info && {
      ...info,
      read: async (range) => getRange(key, range ?? { start: 0, end: Math.max(0, info.size - 1) }).then((b) => (info.size ? b : new Uint8Array(0))),
    };
  }
  const object: StoredObject | null = await store.get(key);
  return object && {
    size: object.body.byteLength, contentType: object.contentType,
    read: async (range) => (range ? object.body.slice(range.start, range.end + 1) : object.body),
  };
}

/** GET of a stored object: 200 whole, 206 for one satisfiable byte range, 416 past the end, 404 when there is none. */
export async function serveStored(request: Request, key: string, headers: Record<string, string>): Promise<Response> {
  const found = await find(key);
  if (!found) return new Response('Not found', { status: 404 });
  const base = { 'content-type': headers['content-type'] ?? found.contentType, 'accept-ranges': 'bytes', 'x-content-type-options': 'nosniff', ...headers };
  const range = parseByteRange(request.headers.get('range'), found.size);
  if (range === 'unsatisfiable') {
    return new Response('Requested range not satisfiable', { status: 416, headers: { ...base, 'content-type': 'text/plain; charset=utf-8', 'content-range': `bytes */${found.size}` } });
  }
  const body = await found.read(range);
  if (!body) return new Response('Not found', { status: 404 });
  if (!range) return new Response(body, { headers: { ...base, 'content-length': String(body.byteLength) } });
  return new Response(body, {
    status: 206,
    headers: { ...base, 'content-length': String(body.byteLength), 'content-range': `bytes ${range.start}-${range.end}/${found.size}` },
  });
}
