// The web-vitals beacon as the server handles it (the HTTP boundary, then the route) and the p75 the desk
// reads, on the real database.
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import { webVitalSamples } from '../../db/schema';
import { resetEnv } from '../../server/config/env.server';
// The boundary's body caps come from the registered upload policy, as src/middleware.ts loads it.
import '../boundary-policy/upload-rights.server';
import { GET, POST } from '../../pages/api/vitals';
import { admitRequest } from '../../server/http/boundary.server';
import { indianDay, KEEP_DAYS, pruneVitals, recordBeacon, VITALS_LIMIT, vitalsReport } from './vitals.server';

const ORIGIN = 'http://store.test';

/** One beacon as the server handles it: the boundary's checks, then the route, from `address`. */
async function send(body: string, address = '198.51.100.1'): Promise<Response> {
  const request = new Request(`${ORIGIN}/api/vitals`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body,
  });
  const url = new URL(request.url);
  const admitted = await admitRequest({ request, url });
  if (admitted instanceof Response) return admitted;
  return POST({ request: admitted ?? request, url, clientAddress: address } as unknown as APIContext);
}

async function stored(): Promise<{ template: string; metric: string; value: number; day: string }[]> {
  const db = await getDb();
  const result = await db.execute(
    sql`select template, metric, value, to_char(day, 'YYYY-MM-DD') as day from web_vital_samples order by id`,
  );
  return (Array.isArray(result) ? result : (result as { rows: never[] }).rows).map(
    (r: { template: string; metric: string; value: number; day: string }) => ({ ...r, value: Number(r.value) }),
  );
}

async function clear() {
  const db = await getDb();
  await db.delete(webVitalSamples);
  await db.execute(sql`delete from rate_limit where key like 'vitals:%'`);
}

const beacon = (metrics: unknown, template: unknown = 'product') => JSON.stringify({ template, metrics });

describe('the beacon', () => {
  it('keeps a page view’s measurements under its template and Indian day, and nothing else', async () => {
    await clear();
    const response = await send(
      beacon([
        { name: 'LCP', value: 1834 },
        { name: 'CLS', value: 0.0312 },
        { name: 'INP', value: 96 },
        { name: 'TTFB', value: 120 },
        { name: 'FCP', value: 900 },
      ]),
    );
    expect(response.status).toBe(204);
    const rows = await stored();
    expect(rows.map((r) => [r.template, r.metric, r.value])).toEqual([
      ['product', 'LCP', 1834],
      ['product', 'CLS', 0.0312],
      ['product', 'INP', 96],
      ['product', 'TTFB', 120],
      ['product', 'FCP', 900],
    ]);
    expect(new Set(rows.map((r) => r.day))).toEqual(new Set([indianDay(new Date())]));
    // The table has no column for an address, an account, a path or a time of day.
    const db = await getDb();
    const columns = await db.execute(
      sql`select column_name from information_schema.columns where table_name = 'web_vital_samples' order by ordinal_position`,
    );
    expect(
      (Array.isArray(columns) ? columns : (columns as { rows: { column_name: string }[] }).rows).map(
        (c: { column_name: string }) => c.column_name,
      ),
    ).toEqual(['id', 'day', 'template', 'metric', 'value']);
  });

  it.each([
    ['an unknown metric', beacon([{ name: 'FID', value: 12 }])],
    ['a negative value', beacon([{ name: 'LCP', value: -1 }])],
    ['a value beyond its metric’s range', beacon([{ name: 'LCP', value: 60_001 }])],
    ['a CLS beyond its range', beacon([{ name: 'CLS', value: 11 }])],
    ['a value that is not a number', beacon([{ name: 'INP', value: '96' }])],
    ['an unknown template', beacon([{ name: 'LCP', value: 1000 }], '/product/1?utm=x')],
    [
      'a field of its own (a path, an id)',
      JSON.stringify({ template: 'home', metrics: [{ name: 'LCP', value: 1 }], path: '/x' }),
    ],
    ['an extra field on a metric', beacon([{ name: 'LCP', value: 1000, id: 'v5-123' }])],
    ['no metric', beacon([])],
    [
      'more metrics than a few page views report',
      beacon(Array.from({ length: 21 }, () => ({ name: 'CLS', value: 0 }))),
    ],
    ['a JSON array', JSON.stringify([{ name: 'LCP', value: 1000 }])],
    ['broken JSON', '{"template": "home", "metrics": ['],
  ])('refuses %s with a 400 and keeps nothing', async (_, body) => {
    await clear();
    const response = await send(body);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBeTruthy();
    expect(await stored()).toEqual([]);
  });

  it('refuses a body over 4 KB with a 413 before reading it, and keeps nothing', async () => {
    await clear();
    const padded = JSON.stringify({
      template: 'home',
      metrics: [{ name: 'LCP', value: 1000 }],
      padding: ' '.repeat(4 * 1024),
    });
    const response = await send(padded);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toContain('4 KB');
    expect(await stored()).toEqual([]);
  });

  it('answers 429 to a flood from one address and keeps none of it, while another address still counts', async () => {
    await clear();
    const one = beacon([{ name: 'TTFB', value: 200 }], 'home');
    for (let i = 0; i < VITALS_LIMIT.max; i++) expect((await send(one, '192.0.2.9')).status).toBe(204);
    const refused = await send(one, '192.0.2.9');
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/Too many/);
    expect(await stored()).toHaveLength(VITALS_LIMIT.max);
    expect((await send(one, '192.0.2.10')).status).toBe(204);
    expect(await stored()).toHaveLength(VITALS_LIMIT.max + 1);
  });

  it('keeps nothing while collection is off (VITALS_SAMPLE_PERCENT=0), and tells browsers not to measure', async () => {
    await clear();
    process.env.VITALS_SAMPLE_PERCENT = '0';
    resetEnv();
    try {
      const config = await GET({} as APIContext);
      expect(await config.json()).toEqual({ samplePercent: 0 });
      expect(config.headers.get('cache-control')).toBe('public, max-age=600');
      expect((await send(beacon([{ name: 'LCP', value: 1000 }]))).status).toBe(204);
      expect(await stored()).toEqual([]);
    } finally {
      delete process.env.VITALS_SAMPLE_PERCENT;
      resetEnv();
    }
    expect(await (await GET({} as APIContext)).json()).toEqual({ samplePercent: 100 }); // a loopback store
  });
});

describe('the desk’s figures', () => {
  const at = (day: string) => new Date(`${day}T06:30:00Z`); // noon in India

  it('gives the 75th percentile a page view really had, per template and for all pages, within the period', async () => {
    await clear();
    // Product pages: LCP 1 000 … 4 000 ms (three in four at or under 3 000); the home page: 500 ms twice.
    const product = [1000, 2000, 3000, 4000].map((value) => ({ name: 'LCP', value }));
    expect(await recordBeacon({ template: 'product', metrics: product }, {}, at('2026-11-20'))).toMatchObject({
      ok: true,
      stored: 4,
    });
    await recordBeacon({ template: 'home', metrics: [{ name: 'LCP', value: 500 }] }, {}, at('2026-11-21'));
    await recordBeacon(
      {
        template: 'home',
        metrics: [
          { name: 'LCP', value: 500 },
          { name: 'CLS', value: 0.3 },
        ],
      },
      {},
      at('2026-11-21'),
    );
    // Outside the period: must not count.
    await recordBeacon({ template: 'product', metrics: [{ name: 'LCP', value: 50_000 }] }, {}, at('2026-11-19'));

    const report = await vitalsReport('2026-11-20', '2026-11-21');
    expect(report.product.LCP).toEqual({ p75: 3000, samples: 4 });
    expect(report.home.LCP).toEqual({ p75: 500, samples: 2 });
    expect(report.home.CLS).toEqual({ p75: 0.3, samples: 1 });
    expect(report.home.INP).toBeUndefined();
    expect(report.cart).toEqual({});
    // All pages: 500, 500, 1000, 2000, 3000, 4000 → the 5th of 6 (ceil(0.75 × 6)).
    expect(report.all.LCP).toEqual({ p75: 3000, samples: 6 });
    expect((await vitalsReport('2026-11-19', '2026-11-19')).product.LCP).toEqual({ p75: 50_000, samples: 1 });
  });

  it('counts a beacon on the Indian day it arrived (after 18:30 UTC is the next day in India)', async () => {
    await clear();
    await recordBeacon(
      { template: 'cart', metrics: [{ name: 'INP', value: 80 }] },
      {},
      new Date('2026-11-20T18:45:00Z'),
    );
    expect((await stored())[0].day).toBe('2026-11-21');
  });

  it('drops measurements older than the days it keeps, once a day', async () => {
    await clear();
    const now = new Date('2026-11-27T06:30:00Z');
    const old = new Date(now.getTime() - (KEEP_DAYS + 1) * 86_400_000);
    const kept = new Date(now.getTime() - KEEP_DAYS * 86_400_000);
    await recordBeacon({ template: 'home', metrics: [{ name: 'LCP', value: 1 }] }, {}, old);
    await recordBeacon({ template: 'home', metrics: [{ name: 'LCP', value: 2 }] }, {}, kept);
    await recordBeacon({ template: 'home', metrics: [{ name: 'LCP', value: 3 }] }, {}, now);
    expect(await pruneVitals(now)).toBe(1);
    expect((await stored()).map((r) => r.value)).toEqual([2, 3]);
  });
});
