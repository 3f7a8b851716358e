// One stored file as an HTTP answer, with Range support (206 Partial Content, 416 for a range past
// the end, Accept-Ranges: bytes) so videos play and seek in every browser. A range is read alone (local
// storage reads those bytes of the file, S3 asks the bucket for just them); without a Range header the
// file is read whole in one request.
import { parseByteRange } from './byte-range';
import { storage } from './storage.server';

const notFound = () => new Response('Not found', { status: 404 });

/** GET of a stored object: 200 whole, 206 for one satisfiable byte range, 416 past the end, 404 when there is none. */
export async function serveStored(request: Request, key: string, headers: Record<string, string>): Promise<Response> {
  const answerHeaders = (contentType: string) => ({
    'content-type': headers['content-type'] ?? contentType,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  const rangeHeader = request.headers.get('range');
  if (rangeHeader) {
    const found = await storage().stat(key);
    if (!found) return notFound();
    const range = parseByteRange(rangeHeader, found.size);
    if (range === 'unsatisfiable') {
      return new Response('Requested range not satisfiable', {
        status: 416,
        headers: {
          ...answerHeaders(found.contentType),
          'content-type': 'text/plain; charset=utf-8',
          'content-range': `bytes */${found.size}`,
        },
      });
    }
    if (range) {
      const body = await storage().getRange(key, range);
      if (!body) return notFound();
      return new Response(body, {
        status: 206,
        headers: {
          ...answerHeaders(found.contentType),
          'content-length': String(body.byteLength),
          'content-range': `bytes ${range.start}-${range.end}/${found.size}`,
        },
      });
    }
    // A Range header the store ignores (several ranges, another unit): the whole file, as the RFC allows.
  }
  const object = await storage().get(key);
  if (!object) return notFound();
  return new Response(object.body, {
    headers: { ...answerHeaders(object.contentType), 'content-length': String(object.body.byteLength) },
  });
}
