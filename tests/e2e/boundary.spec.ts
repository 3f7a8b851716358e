// The HTTP boundary as a browser, a CDN and a TLS proxy see it: security headers and caching on real pages,
// no Content-Security-Policy violation while the islands run, form posts through a proxy, body caps, and
// generated junk posted to every form (never a 5xx).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fc from 'fast-check';
import { signInOwner } from './accounts';
import { scrollThrough } from './axe';
import { whenHydrated } from './hydration';

const PUBLIC_HTML = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
// The store's public address behind the (simulated) TLS proxy; playwright.config.ts sets TRUST_PROXY_HOPS=1.
const PROXY = {
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'shop.vedara.test',
  'x-forwarded-for': '203.0.113.50',
};
const PUBLIC_ORIGIN = 'https://shop.vedara.test';

function expectSecurityHeaders(headers: Record<string, string>, label: string) {
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, `${label}: script-src`).toContain("'self'");
  expect(scriptSrc, `${label}: no inline scripts by default`).not.toContain('unsafe-inline');
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("object-src 'none'");
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], label).toContain('camera=()');
}

test.describe('headers', () => {
  test('public pages carry the security headers and may be held by a CDN', async ({ request }) => {
    for (const path of ['/', '/shop-all', '/product/1', '/our-story']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expectSecurityHeaders(headers, path);
      expect(headers['cache-control'], path).toBe(PUBLIC_HTML);
      expect(headers['set-cookie'], path).toBeUndefined();
      expect(headers['strict-transport-security'], `${path} over plain http`).toBeUndefined();
    }
  });

  test('pages for one person are never stored', async ({ request }) => {
    for (const path of ['/cart', '/checkout', '/sign-in', '/sign-up', '/track', '/dashboard', '/orders']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBeLessThan(500);
      expect(response.headers()['cache-control'], path).toBe('private, no-store');
      if (response.status() === 200) expectSecurityHeaders(response.headers(), path);
      else expect(response.headers()['x-frame-options'], path).toBe('DENY'); // the redirect to sign in
    }
  });

  test('a visitor with a session or cart cookie gets public pages privately', async ({ request }) => {
    const response = await request.get('/shop-all', {
      headers: { cookie: 'cart_id=0b3c1d6e-0000-4000-8000-000000000000' },
    });
    expect(response.headers()['cache-control']).toBe('private, no-store');
  });

  test('HSTS is sent when the shopper came over https through the trusted proxy', async ({ request }) => {
    const response = await request.get('/shop-all', { headers: PROXY });
    expect(response.headers()['strict-transport-security']).toMatch(/^max-age=\d{8,}/);
  });
});

test.describe('behind a TLS proxy', () => {
  test('a form posted from the public https page is accepted; a forged cross-site one is refused', async ({
    request,
  }) => {
    const form = { email: `proxy-${Date.now()}@example.in` };
    const accepted = await request.post('/newsletter', {
      form,
      headers: { ...PROXY, origin: PUBLIC_ORIGIN },
      maxRedirects: 0,
    });
    expect(accepted.status()).toBeLessThan(400);

    const forged = await request.post('/newsletter', {
      form,
      headers: { ...PROXY, origin: 'https://evil.example' },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain('Cross-site form submissions are forbidden');
    // Without a trusted proxy's word the public origin is not the server's own either.
    const spoofed = await request.post('/newsletter', { form, headers: { origin: PUBLIC_ORIGIN }, maxRedirects: 0 });
    expect(spoofed.status()).toBe(403);
  });
});

test.describe('request bodies', () => {
  test('a body over the cap is refused with 413 and a clear message, before the page reads it', async ({
    request,
    baseURL,
  }) => {
    const response = await request.post('/newsletter', {
      headers: { origin: new URL(baseURL!).origin, 'content-type': 'application/x-www-form-urlencoded' },
      data: `email=${'a'.repeat(3 * 1024 * 1024)}`,
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toMatch(/too large.*at most 2 MB/);
  });

  test('the back office takes larger uploads from staff only; a guest is held to 2 MB', async ({
    page,
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const big = { 'content-type': 'application/octet-stream', origin };
    const guest = await request.post('/admin/products', {
      headers: big,
      data: Buffer.alloc(8 * 1024 * 1024),
      maxRedirects: 0,
    });
    expect(guest.status()).toBe(413);
    expect(await guest.text()).toMatch(/at most 2 MB/);
    await signInOwner(page);
    const staff = await page.request.post('/admin/products', {
      headers: { origin },
      multipart: {
        intent: 'nothing-the-page-does',
        file: { name: 'video.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(8 * 1024 * 1024) },
      },
      maxRedirects: 0,
    });
    expect(staff.status()).not.toBe(413); // past the cap: the page itself refuses what it cannot do
    expect(staff.status()).toBeLessThan(500);
    // Only a form (read as it streams, to disk) takes the larger cap: any other body is read in memory.
    const notAForm = await page.request.post('/admin/products', {
      headers: big,
      data: Buffer.alloc(8 * 1024 * 1024),
      maxRedirects: 0,
    });
    expect(notAForm.status()).toBe(413);
  });
});

test.describe('characters PostgreSQL refuses', () => {
  test('a NUL byte in any public parameter answers 400 with a plain message and changes nothing', async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const plain = /cannot accept \(a NUL byte/;
    for (const path of ['/search?q=a%00b', '/shop-all?category=%00', '/product/1%00']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(400);
      expect(await response.text(), path).toMatch(plain);
    }
    for (const path of ['/api/search?q=a%00b', '/api/recommendations?category=%00']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(400);
      expect((await response.json()).error, path).toMatch(plain);
    }
    const email = `nul-${Date.now()}@example.in`;
    const forms: [string, Record<string, string>][] = [
      ['/newsletter', { email, source: 'footer\u0000' }],
      ['/track', { orderId: 'VA-AAAA\u0000AAAA', email }],
      ['/admin/products', { intent: 'create', name: 'Tulsi\u0000Drops' }],
    ];
    for (const [path, form] of forms) {
      const asForm = await request.post(path, { form, headers: { origin }, maxRedirects: 0 });
      expect(asForm.status(), `${path} form`).toBe(400);
      expect(await asForm.text()).toMatch(plain);
      const asMultipart = await request.post(path, { multipart: form, headers: { origin }, maxRedirects: 0 });
      expect(asMultipart.status(), `${path} multipart`).toBe(400);
    }
    const api = await request.post('/api/newsletter', { data: { email, source: 'a\u0000b' }, headers: { origin } });
    expect(api.status()).toBe(400);
    // Nothing was saved: the same address subscribes afresh.
    const again = await request.post('/api/newsletter', { data: { email }, headers: { origin } });
    expect(again.status()).toBe(201);
  });
});

test.describe('4xx, not 500', () => {
  test('posting to an order page the visitor cannot see is a 404', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    for (const intent of ['cancel', 'return']) {
      const response = await request.post('/order/VED-999999', {
        form: { intent, reason: 'x'.repeat(20) },
        headers: { origin },
      });
      expect(response.status(), intent).toBe(404);
    }
  });

  test('product ids beyond a database integer are simply not found', async ({ request }) => {
    expect((await request.get('/product/99999999999')).status()).toBe(404);
    expect((await request.get('/api/products/99999999999/faqs')).status()).toBe(400);
    expect((await request.get('/api/recommendations?exclude=99999999999')).status()).toBe(200);
    expect(
      (await request.post('/api/cart', { data: { intent: 'add', productId: 99999999999, quantity: 1 } })).status(),
    ).toBe(422);
  });

  test('a JSON array or null to the checkout and appointment APIs is a 400', async ({ request }) => {
    for (const path of ['/api/checkout', '/api/appointments', '/api/quiz/consultation']) {
      for (const data of ['[]', 'null', '7', '"x"']) {
        const response = await request.post(path, { data, headers: { 'content-type': 'application/json' } });
        expect(response.status(), `${path} ${data}`).toBe(400);
      }
    }
  });
});

const FORM_PAGES = [
  '/cart',
  '/checkout',
  '/newsletter',
  '/appointment',
  '/track',
  '/sign-in',
  '/sign-up',
  '/sign-in/code',
  '/sign-in/forgot-password',
  '/sign-in/reset-password',
  '/sign-in/two-factor',
  '/order/VED-100001',
  '/orders/VED-100001',
  '/products/x',
  '/dashboard/profile',
  '/wishlist',
  '/dashboard/reviews/6',
];
const FIELDS = [
  'intent',
  'productId',
  'quantity',
  'code',
  'email',
  'phone',
  'name',
  'password',
  'date',
  'time',
  'notes',
  'orderId',
  'idempotencyKey',
  'expectedTotal',
  'line1',
  'city',
  'state',
  'pin',
  'otp',
  'token',
  'reason',
  'redirect',
  'usePoints',
];
const junk = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('99999999999', '-1', '1e308', '0x10', '', '\u0000', '%', '<b>', 'x'.repeat(3000)),
);

async function cartLines(request: APIRequestContext) {
  const response = await request.get('/api/cart');
  expect(response.status()).toBe(200);
  const { cart } = await response.json();
  return cart.items.length;
}

test('every form answers generated junk without a 5xx and the cart stays empty', async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...FORM_PAGES),
      fc.dictionary(fc.constantFrom(...FIELDS), junk, { maxKeys: 6 }),
      fc.constantFrom('form', 'multipart', 'json'),
      async (path, fields, encoding) => {
        const options =
          encoding === 'form' ? { form: fields } : encoding === 'multipart' ? { multipart: fields } : { data: fields };
        const response = await request.post(path, { ...options, headers: { origin }, maxRedirects: 0 });
        expect(response.status(), `${path} ${encoding} ${JSON.stringify(fields)}`).toBeLessThan(500);
      },
    ),
    { numRuns: 90 },
  );
  expect(await cartLines(request)).toBe(0);
});

/** Any Content-Security-Policy complaint the page makes while it loads, hydrates and runs its scripts. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(`pageerror: ${error.message}`));
  return violations;
}

test('the storefront runs its islands and scripts without a CSP violation', async ({ page }) => {
  const violations = watchCsp(page);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `Content Security Policy violation on ${location.pathname}: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Vedara highlights' })).toHaveAttribute('data-ready', ''); // bundled script ran
  await scrollThrough(page);
  await page.goto('/product/1');
  const add = page.getByRole('button', { name: 'Add to Cart' }).first();
  await whenHydrated(add);
  await add.click(); // the island posts to /api/cart
  await expect(page.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();
  await page.goto('/our-story');
  for (const path of [
    '/cart',
    '/checkout',
    '/quiz',
    '/appointment',
    '/shop-all',
    '/sign-in',
    '/sign-up',
    '/track',
    '/blog',
  ]) {
    await page.goto(path);
    await scrollThrough(page);
  }
  // The image fallback script in <head> (hashed in the policy) marks <html class="js">.
  await expect(page.locator('html')).toHaveClass(/\bjs\b/);
  expect(violations).toEqual([]);
});
