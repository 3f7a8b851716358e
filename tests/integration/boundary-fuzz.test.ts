// Generated input for every public JSON API, sent the way the server does it: through the HTTP boundary
// (src/server/http, as src/middleware.ts runs it), then to the route. Whatever arrives — random strings,
// huge numbers, wrong types, arrays, missing fields, broken encodings — the answer is never a 5xx and
// nothing in the database changes. The HTML forms get the same treatment in tests/e2e/boundary.spec.ts.
// The payment routes too (the gateway's webhook and return, "Pay now", the built-in test gateway), and a
// webhook flood: forged deliveries refused one by one, a signed event delivered again and again kept once.
import { createHmac } from 'node:crypto';
import type { APIContext, APIRoute } from 'astro';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/db/client';
import '../../src/features/boundary-policy/upload-rights.server';
import { admitRequest } from '../../src/server/http/boundary.server';
import * as appointmentSlots from '../../src/pages/api/appointments/slots';
import * as appointments from '../../src/pages/api/appointments/index';
import * as auth from '../../src/pages/api/auth/[...all]';
import * as cart from '../../src/pages/api/cart';
import * as checkout from '../../src/pages/api/checkout';
import * as newsletter from '../../src/pages/api/newsletter';
import * as faqs from '../../src/pages/api/products/[id]/faqs';
import * as favorites from '../../src/pages/api/products/favorites';
import * as products from '../../src/pages/api/products/index';
import * as consultation from '../../src/pages/api/quiz/consultation';
import * as quizRecommendations from '../../src/pages/api/quiz/recommendations';
import * as recommendations from '../../src/pages/api/recommendations';
import * as rewards from '../../src/pages/api/rewards';
import * as search from '../../src/pages/api/search';
import * as vitals from '../../src/pages/api/vitals';
import * as wishlist from '../../src/pages/api/wishlist';
import * as paymentVerify from '../../src/pages/api/payments/verify';
import * as paymentWebhook from '../../src/pages/api/payments/webhook';
import * as orderPay from '../../src/pages/order/[number]/pay';
import * as testGatewayApi from '../../src/pages/test-gateway/v1/[...path]';
import * as testCheckoutPay from '../../src/pages/test-gateway/checkout/pay';
import { testPayPageRequest } from '../../src/features/payments/test-gateway/pay-page.server';
import { testGatewayKeys } from '../../src/features/payments/test-gateway/api.server';
import { paymentEvents } from '../../src/db/schema';

const ORIGIN = 'http://store.test';
// Counters that move on every request by design (better-auth's per-address limits).
const MOVING_TABLES = new Set(['rate_limit']);

/** Astro's cookie jar, as far as the routes use it. */
function cookieJar(header: string | null) {
  const jar = new Map(
    (header ?? '')
      .split(';')
      .map((c) => c.trim().split('='))
      .filter(([k]) => k)
      .map(([k, v]) => [k, v ?? '']),
  );
  return {
    get: (name: string) => (jar.has(name) ? { value: jar.get(name) as string } : undefined),
    has: (name: string) => jar.has(name),
    set: (name: string, value: string) => {
      jar.set(name, value);
    },
    delete: (name: string) => {
      jar.delete(name);
    },
    headers: function* () {
      /* nothing to send */
    },
  };
}

/** One request as the server handles it: the boundary's checks, then the route. */
async function send(route: APIRoute, request: Request, params: Record<string, string> = {}): Promise<Response> {
  const url = new URL(request.url);
  const admitted = await admitRequest({ request, url });
  if (admitted instanceof Response) return admitted;
  const req = admitted ?? request;
  const context = {
    request: req,
    url,
    params,
    cookies: cookieJar(req.headers.get('cookie')),
    clientAddress: '203.0.113.7',
    locals: {},
    cache: { set() {} },
  };
  return route(context as unknown as APIContext);
}

async function rowCounts(): Promise<Record<string, number>> {
  const db = await getDb();
  const result = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const tables = ((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { table_name: string }[])
    .map((t) => t.table_name)
    .filter((t) => !MOVING_TABLES.has(t))
    .sort();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const rows = await db.execute(sql.raw(`select count(*)::int as n from "${table}"`));
    counts[table] = Number(((Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { n: number }[])[0].n);
  }
  return counts;
}

// Values no field of the store accepts.
const hugeNumber = fc.constantFrom(
  2 ** 31,
  2 ** 31 - 1 + 1e3,
  99_999_999_999,
  2 ** 53 + 2,
  1e308,
  -1,
  -(2 ** 31) - 1,
  0.5,
  -0,
);
const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  // PostgreSQL refuses U+0000 in text: it must be refused at the boundary, wherever it is.
  fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    'ok@example.in\u0000',
    '\uD800',
    '<script>alert(1)</script>',
    "'; drop table orders; --",
    '%',
    '../../etc/passwd',
    'x'.repeat(5000),
    '99999999999',
    'NaN',
    '1e308',
  ),
);
const wrongValue = fc.oneof(
  oddString,
  hugeNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(oddString, { maxLength: 3 }),
  fc.dictionary(oddString, oddString, { maxKeys: 3 }),
);
const FIELDS = [
  'intent',
  'productId',
  'quantity',
  'planId',
  'code',
  'email',
  'phone',
  'name',
  'password',
  'date',
  'time',
  'notes',
  'source',
  'idempotencyKey',
  'usePoints',
  'expectedTotal',
  'address',
  'line1',
  'city',
  'state',
  'pin',
  'concern',
  'dosha',
  'answers',
  'rememberMe',
  'callbackURL',
];
const wrongObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), oddString), wrongValue, { maxKeys: 8 });
const notAnObject = fc.oneof(
  fc.array(wrongValue, { maxLength: 4 }),
  fc.constant(null),
  hugeNumber,
  oddString,
  fc.boolean(),
);

type Body = { type: string | null; bytes: Uint8Array | string };
const encoder = new TextEncoder();
const body: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.oneof(wrongObject, notAnObject).map((v) => ({ type: 'application/json', bytes: JSON.stringify(v) })),
  },
  { weight: 1, arbitrary: oddString.map((s) => ({ type: 'application/json', bytes: `{"email": ${s}` })) }, // broken JSON
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 64 })
      .map((b) => ({ type: 'application/json; charset=utf-8', bytes: Uint8Array.from([0xff, 0xfe, 0xc3, ...b]) })),
  },
  {
    weight: 2,
    arbitrary: wrongObject.map((o) => ({
      type: 'application/x-www-form-urlencoded',
      bytes: new URLSearchParams(
        Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ).toString(),
    })),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constantFrom('text/plain', 'multipart/form-data; boundary=zz', 'application/xml', null),
      bytes: oddString,
    }),
  },
);

function post(path: string, { type, bytes }: Body, cookie?: string): Request {
  const headers = new Headers({ origin: ORIGIN });
  if (type) headers.set('content-type', type);
  if (cookie) headers.set('cookie', cookie);
  return new Request(ORIGIN + path, {
    method: 'POST',
    headers,
    body: typeof bytes === 'string' ? encoder.encode(bytes) : new Uint8Array(bytes),
  });
}

const writes: { path: string; route: APIRoute }[] = [
  { path: '/api/cart', route: cart.POST },
  { path: '/api/checkout', route: checkout.POST },
  { path: '/api/newsletter', route: newsletter.POST },
  { path: '/api/appointments', route: appointments.POST },
  { path: '/api/quiz/consultation', route: consultation.POST },
  { path: '/api/auth/sign-in/email', route: auth.ALL },
  { path: '/api/auth/sign-up/email', route: auth.ALL },
  { path: '/api/wishlist', route: wishlist.POST },
  { path: '/api/vitals', route: vitals.POST },
];

/** The test gateway's hosted page (an Astro page) as a route: its status, or 404 when it shows nothing. */
const testPayPage: APIRoute = async ({ request, params }) => {
  const page = await testPayPageRequest(request, params.id ?? '');
  return new Response(null, { status: !page ? 404 : 'redirect' in page ? 303 : page.status });
};

/** The routes money goes through: each answers bad input with 4xx and nothing stored. */
const paymentWrites: { path: string; route: APIRoute; params?: Record<string, string> }[] = [
  { path: '/api/payments/webhook', route: paymentWebhook.POST },
  { path: '/api/payments/verify', route: paymentVerify.POST },
  { path: '/order/VA-7N35EFYP/pay', route: orderPay.POST, params: { number: 'VA-7N35EFYP' } },
  { path: '/order/%00%27/pay', route: orderPay.POST, params: { number: "\u0000'" } },
  { path: '/test-gateway/v1/orders', route: testGatewayApi.ALL, params: { path: 'orders' } },
  {
    path: '/test-gateway/v1/payments/pay_x/refund',
    route: testGatewayApi.ALL,
    params: { path: 'payments/pay_x/refund' },
  },
  { path: '/test-gateway/checkout/pay', route: testCheckoutPay.POST },
  { path: '/test-gateway/pay/plink_unknown', route: testPayPage, params: { id: 'plink_unknown' } },
];

const query = fc.dictionary(
  fc.constantFrom('category', 'exclude', 'limit', 'page', 'sort', 'date', 'usePoints', 'id', 'q'),
  fc.oneof(oddString, hugeNumber.map(String)),
  { maxKeys: 4 },
);
const reads: { path: string; route: APIRoute }[] = [
  { path: '/api/products', route: products.GET },
  { path: '/api/products/favorites', route: favorites.GET },
  { path: '/api/recommendations', route: recommendations.GET },
  { path: '/api/quiz/recommendations', route: quizRecommendations.GET },
  { path: '/api/appointments/slots', route: appointmentSlots.GET },
  { path: '/api/cart', route: cart.GET },
  { path: '/api/rewards', route: rewards.GET },
  { path: '/api/search', route: search.GET },
  { path: '/api/wishlist', route: wishlist.GET },
  { path: '/api/vitals', route: vitals.GET },
];

describe('JSON APIs under generated input', () => {
  it.each(writes)('POST $path answers 4xx to bad input and changes nothing', async ({ path, route }) => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.option(
          fc.constantFrom(
            'cart_id=not-a-cart',
            'cart_id=00000000-0000-0000-0000-000000000000',
            'vedara.session_token=forged.token',
          ),
        ),
        async (input, cookie) => {
          const response = await send(route, post(path, input, cookie ?? undefined));
          expect(response.status, `${path} ${JSON.stringify(input)}`).toBeGreaterThanOrEqual(400);
          expect(response.status, `${path} ${JSON.stringify(input)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
    expect(await rowCounts()).toEqual(before);
  });

  it.each(paymentWrites)(
    'POST $path (payments) answers 4xx to bad input and changes nothing',
    async ({ path, route, params }) => {
      const before = await rowCounts();
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.record(
            {
              'x-razorpay-signature': fc.oneof(oddString, fc.constant('f'.repeat(64))),
              'x-razorpay-event-id': fc.oneof(oddString, fc.constant('evt_fuzz_1')),
              // The test gateway's API: wrong keys, or the right ones with a body it cannot take.
              authorization: fc.constantFrom(
                'Basic cnpwX3Rlc3Rfdmk6d3Jvbmc=',
                'Bearer x',
                'Basic %%%',
                `Basic ${Buffer.from(`${testGatewayKeys().keyId}:${testGatewayKeys().keySecret}`).toString('base64')}`,
              ),
            },
            { requiredKeys: [] },
          ),
          async (input, headers) => {
            const request = post(path, input);
            for (const [name, value] of Object.entries(headers)) {
              try {
                request.headers.set(name, value);
              } catch {
                // A value no HTTP client can send (a control character, a byte over 0xFF) is not sent.
              }
            }
            const response = await send(route, request, params);
            expect(response.status, `${path} ${JSON.stringify(input)}`).toBeGreaterThanOrEqual(400);
            expect(response.status, `${path} ${JSON.stringify(input)}`).toBeLessThan(500);
          },
        ),
        { numRuns: 40 },
      );
      expect(await rowCounts()).toEqual(before);
    },
  );

  it.each(reads)('GET $path never fails on a strange query', async ({ path, route }) => {
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const url = `${ORIGIN}${path}?${new URLSearchParams(params)}`;
        const response = await send(route, new Request(url));
        expect(response.status, url).toBeLessThan(500);
      }),
      { numRuns: 25 },
    );
  });

  it.each(reads)(
    'GET $path refuses a NUL byte in any text parameter with a 400 that says so',
    async ({ path, route }) => {
      for (const name of ['category', 'q', 'date', 'sort', 'id', 'exclude', 'page']) {
        const url = `${ORIGIN}${path}?${new URLSearchParams({ [name]: 'a\u0000b' })}`;
        const response = await send(route, new Request(url));
        expect(response.status, url).toBe(400);
        expect((await response.json()).error, url).toMatch(/NUL byte/);
      }
    },
  );

  it.each(writes)(
    'POST $path refuses a NUL byte in any field, as JSON or as a form, and changes nothing',
    async ({ path, route }) => {
      const before = await rowCounts();
      for (const field of FIELDS) {
        const values = { email: 'nul-check@example.in', intent: 'add', productId: 1, quantity: 1, [field]: 'a\u0000b' };
        const asJson = await send(route, post(path, { type: 'application/json', bytes: JSON.stringify(values) }));
        expect(asJson.status, `${path} JSON ${field}`).toBe(400);
        expect((await asJson.json()).error).toMatch(/NUL byte/);
        const form = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
        const asForm = await send(route, post(path, { type: 'application/x-www-form-urlencoded', bytes: form }));
        expect(asForm.status, `${path} form ${field}`).toBe(400);
      }
      expect(await rowCounts()).toEqual(before);
    },
  );

  it.each(writes)(
    'POST $path refuses JSON with a NUL sent as text/plain, with no type or as a form, and changes nothing',
    async ({ path, route }) => {
      const before = await rowCounts();
      const json = JSON.stringify({ email: 'a@b.in', source: 'a\u0000b', name: 'Asha', intent: 'add', productId: 1 });
      // Routes read the body with request.json() whatever its declared type (a beacon is sent as text/plain).
      for (const type of [
        'text/plain;charset=UTF-8',
        null,
        'application/x-www-form-urlencoded',
        'application/octet-stream',
      ]) {
        const response = await send(route, post(path, { type, bytes: json }));
        expect(response.status, `${path} ${type}`).toBe(400);
        expect((await response.json()).error, `${path} ${type}`).toMatch(/NUL byte/);
      }
      // A NUL byte as it is, not escaped, in a body of no declared type.
      const raw = await send(route, post(path, { type: null, bytes: '{"email":"a@b.in","source":"a\u0000b"}' }));
      expect(raw.status, `${path} raw NUL`).toBe(400);
      expect(await rowCounts()).toEqual(before);
    },
  );

  it('still takes JSON without the JSON type where a route reads it (a text/plain beacon, a newsletter sign-up)', async () => {
    const beacon = JSON.stringify({ template: 'home', metrics: [{ name: 'LCP', value: 1200 }] });
    expect(
      (await send(vitals.POST, post('/api/vitals', { type: 'text/plain;charset=UTF-8', bytes: beacon }))).status,
    ).toBe(204);
    const plain = post('/api/newsletter', {
      type: 'text/plain',
      bytes: JSON.stringify({ email: 'plain-type@example.in' }),
    });
    expect((await send(newsletter.POST, plain)).status).toBe(201);
  });

  it('refuses a NUL byte before any page runs: search, the newsletter form, a desk field', async () => {
    const form = (path: string, body: string) =>
      new Request(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    for (const request of [
      new Request(`${ORIGIN}/search?q=a%00b`),
      new Request(`${ORIGIN}/shop-all?category=%00`),
      form('/newsletter', 'email=nul%40example.in&source=footer%00'),
      form('/admin/products', 'intent=create&name=Tulsi%00Drops&price=100'),
      form('/admin/staff', 'intent=invite&email=a%00%40b.in'),
    ]) {
      const refused = await admitRequest({ request, url: new URL(request.url) });
      expect(refused, request.url).toBeInstanceOf(Response);
      expect((refused as Response).status, request.url).toBe(400);
      expect(await (refused as Response).text()).toMatch(/NUL byte/);
    }
  });

  it('GET /api/products/{id}/faqs refuses ids that are not a product, however large', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof(oddString, hugeNumber.map(String), fc.bigInt({ min: 2n ** 31n, max: 10n ** 30n }).map(String))
          // Small numbers may be real products; a lone surrogate cannot be in a URL at all.
          .filter((id) => (!/^\d+$/.test(id) || Number(id) > 10_000) && id.isWellFormed()),
        async (id) => {
          const response = await send(faqs.GET, new Request(`${ORIGIN}/api/products/${encodeURIComponent(id)}/faqs`), {
            id,
          });
          expect([400, 404], `id ${JSON.stringify(id)} answered ${response.status}`).toContain(response.status);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('refuses a JSON array, null, a number or a string body with 400 and says why', async () => {
    for (const { path, route } of writes.filter((w) => !w.path.startsWith('/api/auth'))) {
      for (const json of ['[]', '[{"intent":"add","productId":1}]', 'null', '42', '"hello"']) {
        const response = await send(route, post(path, { type: 'application/json', bytes: json }));
        expect(response.status, `${path} ${json}`).toBe(400);
        expect(await response.json()).toEqual({ error: 'The request body must be a JSON object.' });
      }
    }
  });

  it('refuses a body over the cap with 413 before the route reads it, chunked or not', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const declared = await send(newsletter.POST, post('/api/newsletter', { type: 'application/json', bytes: big }));
    expect(declared.status).toBe(413);
    expect((await declared.json()).error).toMatch(/too large.*2 MB/);
    const chunks = new ReadableStream({
      start(c) {
        for (let i = 0; i < 48; i++) c.enqueue(encoder.encode('x'.repeat(65_536)));
        c.close();
      },
    });
    const chunked = new Request(`${ORIGIN}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect((await send(newsletter.POST, chunked)).status).toBe(413);
  });

  it('still answers good input: the boundary does not get in the way', async () => {
    const response = await send(
      newsletter.POST,
      post('/api/newsletter', { type: 'application/json', bytes: JSON.stringify({ email: 'fuzz-check@example.in' }) }),
    );
    expect(response.status).toBe(201);
  });
});

describe('a webhook flood', () => {
  const webhook = (body: string, signature: string, eventId: string) =>
    send(
      paymentWebhook.POST,
      new Request(`${ORIGIN}/api/payments/webhook`, {
        method: 'POST',
        // The gateway sends no Origin: a server-to-server post.
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': eventId,
        },
        body,
      }),
    );
  const event = (id: string) =>
    JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: { payment: { entity: { id: `pay_${id}`, order_id: `order_${id}`, amount: 64900, status: 'captured' } } },
      created_at: 1_764_200_000,
    });
  const sign = (body: string) => createHmac('sha256', testGatewayKeys().webhookSecret).update(body).digest('hex');

  it('refuses every forged delivery with 400 and keeps none of them; a signed event sent many times is kept once', async () => {
    const before = await rowCounts();
    const forged = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const body = event(`flood${i}`);
        // Signed with another secret, with no signature, or this event's signature over another body.
        const signature = [createHmac('sha256', 'not-the-secret').update(body).digest('hex'), '', sign(event('other'))][
          i % 3
        ];
        return webhook(body, signature, `evt_flood_${i}`);
      }),
    );
    expect(forged.map((r) => r.status)).toEqual(Array(200).fill(400));
    expect(await forged[0].json()).toEqual({ message: 'Bad signature.' });
    expect(await rowCounts()).toEqual(before);

    const body = event('once');
    const repeats = await Promise.all(Array.from({ length: 50 }, () => webhook(body, sign(body), 'evt_flood_once')));
    expect(repeats.map((r) => r.status)).toEqual(Array(50).fill(200));
    const db = await getDb();
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_flood_once'))).toHaveLength(1);
    expect(await rowCounts()).toEqual({ ...before, payment_events: before.payment_events + 1 });
  });
});
