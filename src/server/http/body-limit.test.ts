import { describe, expect, it } from 'vitest';
import { checkBodySize, tooLargeMessage } from './body-limit';

const MB = 1024 * 1024;

/** A chunked upload (no Content-Length) of `chunks` × 64 KiB that records how much of it was pulled. */
function chunkedUpload(chunks: number) {
  const pulled = { bytes: 0 };
  let sent = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent++ === chunks) return controller.close();
        pulled.bytes += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(97));
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request('http://store.test/api/newsletter', {
    method: 'POST',
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled };
}

describe('tooLargeMessage', () => {
  it('says the limit in megabytes, or kilobytes under one', () => {
    expect(tooLargeMessage(60 * MB)).toContain('60 MB');
    expect(tooLargeMessage(4 * 1024)).toContain('4 KB');
  });
});

describe('checkBodySize', () => {
  it('refuses a declared Content-Length over the cap without reading the body', async () => {
    const request = new Request('http://store.test/api/cart', {
      method: 'POST',
      headers: { 'content-length': String(3 * MB) },
      body: 'x',
    });
    expect(await checkBodySize(request, 2 * MB)).toEqual({ ok: false, status: 413 });
    expect(request.bodyUsed).toBe(false);
  });

  it('passes a body within its declared length on untouched', async () => {
    const request = new Request('http://store.test/api/cart', {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-length': '7' },
    });
    const result = await checkBodySize(request, 2 * MB);
    expect(result).toEqual({ ok: true, request });
    expect(request.bodyUsed).toBe(false);
  });

  it('refuses a malformed Content-Length', async () => {
    const request = new Request('http://store.test/api/cart', {
      method: 'POST',
      body: 'x',
      headers: { 'content-length': '1e9' },
    });
    expect(await checkBodySize(request, 2 * MB)).toEqual({ ok: false, status: 400 });
  });

  it('counts a chunked body and answers at the first chunk over the cap (the rest is thrown away unkept)', async () => {
    const { request, pulled } = chunkedUpload(1000); // 64 MB offered
    expect(await checkBodySize(request, 1 * MB)).toEqual({ ok: false, status: 413 });
    expect(pulled.bytes).toBeLessThanOrEqual(1 * MB + 3 * 64 * 1024);
  });

  it('hands a chunked body within the cap on as the same bytes with a Content-Length', async () => {
    const { request } = chunkedUpload(4);
    const result = await checkBodySize(request, 1 * MB);
    if (!result.ok) throw new Error('refused');
    expect(result.request.headers.get('content-length')).toBe(String(4 * 64 * 1024));
    expect(await result.request.text()).toBe('a'.repeat(4 * 64 * 1024));
  });

  it('has nothing to check on a request without a body', async () => {
    const request = new Request('http://store.test/cart');
    expect(await checkBodySize(request, 0)).toEqual({ ok: true, request });
  });
});
