import { describe, expect, it } from 'vitest';
import { boundaryConfig } from './boundary-config.server';
import { isForbiddenCrossSite, publicOrigin } from './origin';

const INTERNAL = 'http://10.0.0.5:4321';
const behindProxy = boundaryConfig({ SITE_URL: 'https://vedara.in', TRUST_PROXY_HOPS: 1 });
const direct = boundaryConfig({ SITE_URL: 'https://vedara.in', TRUST_PROXY_HOPS: 0 });

function formPost(path: string, headers: Record<string, string>) {
  const request = new Request(new URL(path, INTERNAL), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: 'email=a%40b.in',
  });
  return { request, url: new URL(request.url) };
}

const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'vedara.in', 'x-forwarded-for': '203.0.113.9' };

describe('boundaryConfig', () => {
  it('reads SITE_URL as an origin and TRUST_PROXY_HOPS as a count', () => {
    expect(boundaryConfig({ SITE_URL: 'https://vedara.in/shop/', TRUST_PROXY_HOPS: 2 })).toEqual({
      siteOrigin: 'https://vedara.in',
      trustProxyHops: 2,
    });
  });
  it('trusts nothing extra when the settings are nonsense', () => {
    expect(boundaryConfig({ SITE_URL: 'not a url', TRUST_PROXY_HOPS: -1 })).toEqual({
      siteOrigin: null,
      trustProxyHops: 0,
    });
  });
});

describe('publicOrigin', () => {
  it('behind a trusted TLS proxy is the https origin the shopper used', () => {
    const { request, url } = formPost('/newsletter', proxied);
    expect(publicOrigin(request, url, behindProxy)).toEqual({ origin: 'https://vedara.in', https: true });
  });

  it('ignores forwarded headers when no proxy is trusted (anyone could send them)', () => {
    const { request, url } = formPost('/newsletter', proxied);
    expect(publicOrigin(request, url, direct)).toEqual({ origin: INTERNAL, https: false });
  });

  it('takes the entry the trusted proxy appended, not one a client put on the left', () => {
    const { request, url } = formPost('/newsletter', {
      'x-forwarded-proto': 'http, https',
      'x-forwarded-host': 'evil.example, vedara.in',
    });
    expect(publicOrigin(request, url, behindProxy).origin).toBe('https://vedara.in');
  });

  it('refuses a forwarded host that is not a host name', () => {
    const { request, url } = formPost('/newsletter', {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example/path',
    });
    expect(publicOrigin(request, url, behindProxy).origin).toBe(INTERNAL);
  });
});

describe('isForbiddenCrossSite', () => {
  it('lets a form post through the TLS proxy from the store’s own page', () => {
    const { request, url } = formPost('/newsletter', { ...proxied, origin: 'https://vedara.in' });
    expect(isForbiddenCrossSite(request, url, behindProxy)).toBe(false);
  });

  it('accepts SITE_URL’s origin even where the proxy rewrites the host', () => {
    const { request, url } = formPost('/newsletter', { origin: 'https://vedara.in' });
    expect(isForbiddenCrossSite(request, url, direct)).toBe(false);
  });

  it('refuses a forged cross-site post, through the proxy or not', () => {
    for (const config of [behindProxy, direct]) {
      const { request, url } = formPost('/newsletter', { ...proxied, origin: 'https://evil.example' });
      expect(isForbiddenCrossSite(request, url, config)).toBe(true);
    }
  });

  it('refuses a form post without an Origin, and a multipart or text/plain one from elsewhere', () => {
    expect(isForbiddenCrossSite(formPost('/cart', {}).request, new URL(`${INTERNAL}/cart`), behindProxy)).toBe(true);
    for (const type of ['multipart/form-data; boundary=x', 'text/plain']) {
      const { request, url } = formPost('/cart', { 'content-type': type, origin: 'https://evil.example' });
      expect(isForbiddenCrossSite(request, url, behindProxy)).toBe(true);
    }
  });

  it('leaves reads and JSON writes alone (a browser cannot send cross-site JSON without a preflight)', () => {
    const get = new Request(`${INTERNAL}/cart`, { headers: { origin: 'https://evil.example' } });
    expect(isForbiddenCrossSite(get, new URL(get.url), behindProxy)).toBe(false);
    const { request, url } = formPost('/api/cart', {
      'content-type': 'application/json',
      origin: 'https://evil.example',
    });
    expect(isForbiddenCrossSite(request, url, behindProxy)).toBe(false);
  });
});

describe('the unsubscribe link', () => {
  it('takes one-click POSTs from mail apps (its token authorises them), and no other path does', () => {
    const oneClick = (path: string) => {
      const { request, url } = formPost(path, {});
      return isForbiddenCrossSite(request, url, direct);
    };
    expect(oneClick('/newsletter/unsubscribe?email=a%40b.in&token=x')).toBe(false);
    expect(oneClick('/newsletter/unsubscribe/')).toBe(false);
    expect(oneClick('/newsletter/unsubscribe-me')).toBe(true);
    expect(oneClick('/newsletter')).toBe(true);
  });
});
