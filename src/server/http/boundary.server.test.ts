import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseLimitFor, uploadLimitFor } from '../../features/boundary-policy/upload-limits';
import { resetEnv } from '../config/env.server';
import { BodyTooLargeError, registerUploadPolicy } from './body-limit';
import { admitRequest, finishResponse, refusalOf } from './boundary.server';
import { readPostedForm } from './form.server';
import { HSTS, PUBLIC_HTML_CACHE } from './response-policy';

const INTERNAL = 'http://127.0.0.1:4321';
const at = (request: Request) => ({ request, url: new URL(request.url) });
// The store's upload pages; who may use them is each test's own `rights` (nobody by default).
registerUploadPolicy({ limitFor: uploadLimitFor, baseLimitFor, mayUpload: async () => false });

/** The settings are read once per process (env()): change them and have them read again. */
function settings(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  resetEnv();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

describe('admitRequest', () => {
  it('accepts a form post through the trusted TLS proxy and refuses a forged one (403, plain text)', async () => {
    settings({ SITE_URL: 'https://vedara.in', TRUST_PROXY_HOPS: '1' });
    const post = (origin: string) =>
      new Request(`${INTERNAL}/newsletter`, {
        method: 'POST',
        body: 'email=a%40b.in',
        headers: {
          origin,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'vedara.in',
        },
      });
    expect(await admitRequest(at(post('https://vedara.in')))).not.toBeInstanceOf(Response);
    const refused = await admitRequest(at(post('https://evil.example')));
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(await (refused as Response).text()).toContain('Cross-site form submissions are forbidden');
  });

  it('answers an oversized API body with a JSON 413 naming the limit', async () => {
    const request = new Request(`${INTERNAL}/api/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(5 * 1024 * 1024) },
      body: '{}',
    });
    const refused = (await admitRequest(at(request))) as Response;
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: expect.stringContaining('at most 2 MB') });
  });
});

const MB = 1024 * 1024;
const SAME = { origin: INTERNAL };

/** A body of `total` bytes sent without Content-Length (chunked), counting what the reader pulled. */
function streamed(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(120);
  const pulled = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close();
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled };
}

/** A chunked multipart form: an `intent` field, then a file of `size` bytes, counting what the reader pulled. */
function multipartStream(size: number) {
  const encoder = new TextEncoder();
  const head = encoder.encode(
    '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nreturn\r\n' +
      '--zz\r\nContent-Disposition: form-data; name="video"; filename="unboxing.mp4"\r\nContent-Type: video/mp4\r\n\r\n',
  );
  const tail = encoder.encode('\r\n--zz--\r\n');
  const chunk = new Uint8Array(64 * 1024).fill(0);
  let sent = 0;
  const pulled = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      let next: Uint8Array;
      if (pulled.bytes === 0) next = head;
      else if (sent < size) {
        next = chunk.subarray(0, Math.min(chunk.byteLength, size - sent));
        sent += next.byteLength;
      } else if (sent === size) {
        next = tail;
        sent += 1;
      } else return controller.close();
      pulled.bytes += next.byteLength;
      controller.enqueue(next);
    },
  });
  return { body, pulled };
}

describe('admitRequest: characters PostgreSQL refuses', () => {
  const refusedPlainly = async (admitted: Response | Request | null) => {
    expect(admitted).toBeInstanceOf(Response);
    const response = admitted as Response;
    expect(response.status).toBe(400);
    return response;
  };

  it('refuses a NUL in a page’s query with a plain 400, and in an API’s with JSON', async () => {
    const page = await refusedPlainly(await admitRequest(at(new Request(`${INTERNAL}/search?q=a%00b`))));
    expect(await page.text()).toMatch(/cannot accept \(a NUL byte/);
    const api = await refusedPlainly(
      await admitRequest(at(new Request(`${INTERNAL}/api/recommendations?category=%00`))),
    );
    expect((await api.json()).error).toMatch(/NUL byte/);
    await refusedPlainly(await admitRequest(at(new Request(`${INTERNAL}/api/search?q=%00`))));
  });

  it('refuses a NUL in a form, a multipart form or a JSON body, and passes the same body on otherwise', async () => {
    const post = (type: string | null, body: BodyInit, path = '/newsletter') =>
      new Request(`${INTERNAL}${path}`, {
        method: 'POST',
        headers: { ...SAME, ...(type ? { 'content-type': type } : {}) },
        body,
      });
    await refusedPlainly(
      await admitRequest(at(post('application/x-www-form-urlencoded', 'email=a%40b.in&source=foot%00er'))),
    );
    const multipart = new FormData();
    multipart.set('email', 'a@b.in');
    multipart.set('source', 'foot\u0000er');
    await refusedPlainly(await admitRequest(at(post(null, multipart))));
    await refusedPlainly(
      await admitRequest(at(post('application/json', '{"email":"a@b.in","source":"\\u0000"}', '/api/newsletter'))),
    );
    const good = await admitRequest(at(post('application/x-www-form-urlencoded', 'email=a%40b.in&source=footer')));
    expect(good).toBeInstanceOf(Request);
    expect(await (good as Request).text()).toBe('email=a%40b.in&source=footer');
  });

  it('leaves a file’s bytes alone: a photo may hold NUL bytes', async () => {
    const form = new FormData();
    form.set('photo', new File([new Uint8Array([0xff, 0xd8, 0, 0, 0])], 'p.jpg', { type: 'image/jpeg' }));
    const admitted = await admitRequest(
      at(new Request(`${INTERNAL}/dashboard/profile`, { method: 'POST', headers: SAME, body: form })),
    );
    expect(admitted).toBeInstanceOf(Request);
  });
});

describe('admitRequest: body caps by who is asking', () => {
  const nobody = async () => false;
  const entitled = async () => true;

  it('holds a guest to 2 MB on an upload page before reading a byte (declared length)', async () => {
    const asked: string[] = [];
    const request = new Request(`${INTERNAL}/order/VA-AAAAAAAA`, {
      method: 'POST',
      headers: { ...SAME, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(58 * MB) },
      body: 'x',
    });
    const refused = (await admitRequest(at(request), async (right) => {
      asked.push(right);
      return false;
    })) as Response;
    expect(asked).toEqual(['order']);
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain('at most 2 MB');
  });

  it('refuses a guest’s streamed 58 MB post at 2 MB, having pulled little more than that', async () => {
    for (const path of ['/order/VA-AAAAAAAA', '/admin/products/1/media']) {
      const { body, pulled } = streamed(58 * MB);
      const request = new Request(`${INTERNAL}${path}`, {
        method: 'POST',
        headers: { ...SAME, 'content-type': 'multipart/form-data; boundary=x' },
        body,
        duplex: 'half',
      } as RequestInit);
      const refused = (await admitRequest(at(request), nobody)) as Response;
      // Answered at 2 MB; what is read after that is thrown away while the answer goes out, never kept.
      expect(pulled.bytes, path).toBeLessThanOrEqual(2 * MB + 4 * 64 * 1024);
      expect(refused.status, path).toBe(413);
    }
  });

  it('gives the larger cap to those entitled to it, and never asks for an ordinary post', async () => {
    const big = new Request(`${INTERNAL}/admin/products/1/media`, {
      method: 'POST',
      headers: { ...SAME, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(20 * MB) },
      body: 'x',
    });
    expect(await admitRequest(at(big), entitled)).toBeNull();
    let asked = false;
    const small = new Request(`${INTERNAL}/admin/products/1/media`, {
      method: 'POST',
      headers: { ...SAME, 'content-type': 'application/x-www-form-urlencoded', 'content-length': '10' },
      body: 'name=Tulsi',
    });
    const admitted = await admitRequest(at(small), async () => {
      asked = true;
      return true;
    });
    expect(admitted).toBeInstanceOf(Request);
    expect(asked).toBe(false);
  });

  it('streams an entitled sender’s chunked upload on to the page, which writes it to disk as it arrives', async () => {
    const { body, pulled } = multipartStream(40 * MB);
    const request = new Request(`${INTERNAL}/order/VA-AAAAAAAA`, {
      method: 'POST',
      headers: { ...SAME, 'content-type': 'multipart/form-data; boundary=zz' },
      body,
      duplex: 'half',
    } as RequestInit);
    const admitted = await admitRequest(at(request), entitled);
    expect(admitted).toBeInstanceOf(Request);
    // Nothing was read ahead at the boundary: the page pulls the bytes as it writes them.
    expect(pulled.bytes).toBeLessThanOrEqual(2 * 64 * 1024);
    const form = await readPostedForm(admitted as Request);
    try {
      expect(form.text('intent')).toBe('return');
      expect((form.data.get('video') as File).size).toBe(40 * MB);
    } finally {
      await form.dispose();
    }
  });

  it('refuses an entitled sender’s chunked upload past the page’s cap with 413, when the page reads it', async () => {
    const { body, pulled } = multipartStream(70 * MB);
    const request = new Request(`${INTERNAL}/admin/products/1/media`, {
      method: 'POST',
      headers: { ...SAME, 'content-type': 'multipart/form-data; boundary=zz' },
      body,
      duplex: 'half',
    } as RequestInit);
    const admitted = (await admitRequest(at(request), entitled)) as Request;
    const failure = await readPostedForm(admitted).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BodyTooLargeError);
    const refused = refusalOf(failure, new URL(request.url)) as Response;
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain('at most 60 MB');
    // Read up to the cap (to disk), then no further than what is thrown away while the answer goes out.
    expect(pulled.bytes).toBeLessThanOrEqual(60 * MB + 33 * MB);
    expect(refusalOf(new Error('a bug'), new URL(request.url))).toBeNull();
  });

  it('holds an entitled sender’s large body that is not a multipart form to the default cap', async () => {
    const request = new Request(`${INTERNAL}/admin/products/1/media`, {
      method: 'POST',
      headers: { ...SAME, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(3 * MB) },
      body: 'x',
    });
    expect(((await admitRequest(at(request), entitled)) as Response).status).toBe(413);
  });

  it('holds a guest to the default cap with the real check (no session, no such order)', async () => {
    const request = new Request(`${INTERNAL}/order/VA-AAAAAAAA`, {
      method: 'POST',
      headers: { ...SAME, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(3 * MB) },
      body: 'x',
    });
    expect(((await admitRequest(at(request))) as Response).status).toBe(413);
  });
});

describe('finishResponse', () => {
  const html = () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });

  it('sends HSTS only to a shopper who came over https, through the proxy or directly', () => {
    settings({ TRUST_PROXY_HOPS: '1' });
    const plain = finishResponse({ ...at(new Request(`${INTERNAL}/shop-all`)), pendingCookies: 0 }, html());
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const proxied = new Request(`${INTERNAL}/shop-all`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(finishResponse({ ...at(proxied), pendingCookies: 0 }, html()).headers.get('strict-transport-security')).toBe(
      HSTS,
    );
    expect(
      finishResponse({ ...at(new Request('https://vedara.in/')), pendingCookies: 0 }, html()).headers.get(
        'strict-transport-security',
      ),
    ).toBe(HSTS);
  });

  it('removes a cached copy’s HSTS for a plain http request', () => {
    const cached = html();
    cached.headers.set('strict-transport-security', HSTS);
    expect(
      finishResponse({ ...at(new Request(`${INTERNAL}/shop-all`)), pendingCookies: 0 }, cached).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
  });

  it('makes a page private once Astro is about to set a cookie on it', () => {
    const request = new Request(`${INTERNAL}/shop-all`);
    expect(finishResponse({ ...at(request), pendingCookies: 0 }, html()).headers.get('cache-control')).toBe(
      PUBLIC_HTML_CACHE,
    );
    expect(finishResponse({ ...at(request), pendingCookies: 1 }, html()).headers.get('cache-control')).toBe(
      'private, no-store',
    );
  });

  it('adds the headers to a redirect whose headers are immutable', () => {
    const response = finishResponse(
      { ...at(new Request(`${INTERNAL}/Track`)), pendingCookies: 0 },
      Response.redirect(`${INTERNAL}/track`, 301),
    );
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`${INTERNAL}/track`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
