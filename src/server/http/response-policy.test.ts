import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  type CacheInput,
  hasSessionCookie,
  PRIVATE_CACHE,
  PUBLIC_HTML_CACHE,
  SERVER_ISLAND_CACHE,
} from './response-policy';
import { withStoreHeaders } from './static-headers';

const page = (over: Partial<CacheInput> = {}): CacheInput => ({
  pathname: '/shop-all',
  method: 'GET',
  status: 200,
  contentType: 'text/html',
  current: null,
  requestCookies: null,
  setsCookie: false,
  ...over,
});

describe('cacheControlFor', () => {
  it('lets a CDN hold a public page rendered for anyone', () => {
    expect(cacheControlFor(page())).toBe(PUBLIC_HTML_CACHE);
    expect(cacheControlFor(page({ pathname: '/product/4', contentType: 'text/html; charset=utf-8' }))).toBe(
      PUBLIC_HTML_CACHE,
    );
    expect(PUBLIC_HTML_CACHE).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
  });

  it('lets no cache serve a server island (menus, wellness goals) without asking the store again', () => {
    expect(cacheControlFor(page({ pathname: '/_server-islands/LiveWellnessGoals' }))).toBe(SERVER_ISLAND_CACHE);
    expect(SERVER_ISLAND_CACHE).toMatch(/no-cache/);
    expect(
      cacheControlFor(page({ pathname: '/_server-islands/LiveWellnessGoals', requestCookies: 'signed_in=1' })),
    ).toBe(PRIVATE_CACHE);
    expect(cacheControlFor(page({ pathname: '/_server-islands/ShopMenuContents', status: 500 }))).toBe('no-store');
  });

  it('keeps every account, cart, checkout, order and tracking page private', () => {
    for (const pathname of [
      '/dashboard',
      '/dashboard/security',
      '/admin/orders',
      '/sign-in',
      '/sign-in/code',
      '/sign-up',
      '/cart',
      '/checkout',
      '/orders',
      '/orders/VED-1',
      '/order/VED-1',
      '/track',
      '/appointment/manage',
    ]) {
      expect(cacheControlFor(page({ pathname })), pathname).toBe(PRIVATE_CACHE);
    }
    expect(cacheControlFor(page({ pathname: '/cartography' }))).toBe(PUBLIC_HTML_CACHE);
    expect(cacheControlFor(page({ pathname: '/appointment' }))).toBe(PUBLIC_HTML_CACHE);
  });

  it('keeps a page private when the visitor has a session or cart cookie', () => {
    for (const cookie of [
      'vedara.session_token=abc',
      '__Secure-vedara.session_token=abc',
      'theme=1; signed_in=1',
      'cart_id=c1',
    ]) {
      expect(cacheControlFor(page({ requestCookies: cookie })), cookie).toBe(PRIVATE_CACHE);
    }
    expect(cacheControlFor(page({ requestCookies: 'theme=dark' }))).toBe(PUBLIC_HTML_CACHE);
  });

  it('never lets a response that sets a cookie be cached, whatever it is', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('/', '/shop-all', '/api/cart', '/api/auth/sign-in/email', '/product/1'),
        fc.constantFrom('text/html', 'application/json', null),
        fc.constantFrom(200, 302, 303, 404),
        fc.option(fc.constantFrom('public, max-age=3600', 'no-cache')),
        (pathname, contentType, status, current) => {
          expect(cacheControlFor(page({ pathname, contentType, status, current, setsCookie: true }))).toBe(
            PRIVATE_CACHE,
          );
        },
      ),
    );
  });

  it('answers to a form post privately, and errors uncached', () => {
    expect(cacheControlFor(page({ method: 'POST', pathname: '/newsletter' }))).toBe(PRIVATE_CACHE);
    expect(cacheControlFor(page({ status: 500 }))).toBe('no-store');
  });

  it('keeps what an endpoint or a private page chose itself', () => {
    expect(cacheControlFor(page({ contentType: 'application/json', pathname: '/api/products' }))).toBeNull();
    expect(cacheControlFor(page({ pathname: '/newsletter', current: 'private, no-store' }))).toBeNull();
  });
});

describe('hasSessionCookie', () => {
  it('does not mistake a cookie whose name merely ends like one', () => {
    expect(hasSessionCookie('mycart_id=1')).toBe(false);
    expect(hasSessionCookie(null)).toBe(false);
  });
});

describe('withStoreHeaders', () => {
  it('adds the security headers and the public Cache-Control to each pre-rendered page, keeping its CSP', () => {
    const [entry] = withStoreHeaders([
      { pathname: '/', headers: [{ key: 'Content-Security-Policy', value: "script-src 'self'" }] },
    ]);
    const headers = new Map(entry.headers.map((h) => [h.key.toLowerCase(), h.value]));
    expect(headers.get('content-security-policy')).toBe("script-src 'self'");
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toContain('camera=()');
    expect(headers.get('cache-control')).toBe(PUBLIC_HTML_CACHE);
  });
});

describe('cacheControlFor on redirects', () => {
  it('keeps the sign-in redirect of a private page private too', () => {
    expect(cacheControlFor(page({ pathname: '/dashboard', contentType: null, status: 302 }))).toBe(PRIVATE_CACHE);
    expect(cacheControlFor(page({ pathname: '/product/shilajit', contentType: null, status: 301 }))).toBeNull();
  });
});
