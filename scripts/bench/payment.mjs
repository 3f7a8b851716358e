// The checkout → paid round trip, as a shopper without JavaScript makes it against the built-in test
// gateway: add to the cart, place the order paying online (→ the gateway's hosted page), pay by UPI
// (→ the store's signed return), and land on the order page reading paid. Sequential rounds, each a
// new shopper; prints the whole round trip and each step, median and p95.

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

/** One HTTP exchange keeping the shopper's cookies; redirects are not followed (each is a step). */
async function exchange(origin, jar, path, init = {}) {
  const response = await fetch(new URL(path, origin), {
    ...init,
    redirect: 'manual',
    headers: { origin, cookie: [...jar.values()].join('; '), ...(init.headers ?? {}) },
  });
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(';')[0];
    jar.set(pair.split('=')[0], pair);
  }
  await response.arrayBuffer();
  return response;
}

const form = (fields) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function oneRound(origin, round) {
  const jar = new Map();
  const times = {};
  const step = async (name, run) => {
    const started = performance.now();
    const result = await run();
    times[name] = performance.now() - started;
    return result;
  };
  await step('add to cart', () =>
    exchange(origin, jar, '/api/cart', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ intent: 'add', productId: 3, months: 1, quantity: 1 }),
    }),
  );
  const placed = await step('place order', () =>
    exchange(
      origin,
      jar,
      '/checkout',
      form({
        idempotencyKey: `bench-payment-${Date.now()}-${round}`,
        email: `bench.${round}.${Date.now()}@example.in`,
        phone: '9876543210',
        name: 'Bench Shopper',
        line1: '12 Ganga Road',
        line2: '',
        city: 'Haridwar',
        state: 'Uttarakhand',
        pin: '249401',
        paymentMethod: 'online',
      }),
    ),
  );
  const payPage = placed.headers.get('location');
  if (placed.status !== 303 || !payPage?.includes('/test-gateway/pay/'))
    throw new Error(`placing: ${placed.status} ${payPage}`);
  const paid = await step('pay on the gateway', () =>
    exchange(origin, jar, payPage, form({ method: 'upi', outcome: 'success' })),
  );
  const back = paid.headers.get('location');
  if (paid.status !== 303 || !back?.includes('/order/pay/return')) throw new Error(`paying: ${paid.status} ${back}`);
  const settled = await step('signed return', () => exchange(origin, jar, back));
  const orderPage = settled.headers.get('location');
  if (!orderPage?.includes('payment=paid')) throw new Error(`return: ${settled.status} ${orderPage}`);
  await step('order page', () => exchange(origin, jar, orderPage));
  times['round trip'] = Object.values(times).reduce((a, b) => a + b, 0);
  return times;
}

/** Rows of the table: each step and the whole round trip, median and p95 in ms. */
export async function measurePaymentRoundTrip(origin, { rounds = 20 } = {}) {
  const all = [];
  for (let round = 0; round < rounds; round++) all.push(await oneRound(origin, round));
  return Object.keys(all[0]).map((name) => {
    const sorted = all.map((t) => t[name]).sort((a, b) => a - b);
    return { step: name, median: percentile(sorted, 0.5).toFixed(0), p95: percentile(sorted, 0.95).toFixed(0) };
  });
}
