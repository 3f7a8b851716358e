import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnv } from '../../lib/env.server';
import { admitRequest, finishResponse } from './boundary.server';
import { HSTS, PUBLIC_HTML_CACHE } from './response-policy';

const INTERNAL = 'http://127.0.0.1:4321';
const at = (request: Request) => ({ request, url: new URL(request.url) });

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
