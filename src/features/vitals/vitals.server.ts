// The shoppers' own Core Web Vitals (decision 0105-field-web-vitals): beacons from sampled page views are
// checked, limited per client address and kept one row per measurement under their template and Indian day
// (nothing else: no address, account, path, query or time of day); the desk reads the 75th percentile per
// template and metric; a daily job drops what is older than KEEP_DAYS.
import { sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { webVitalSamples } from '../../db/schema';
import { env } from '../../server/config/env.server';
import { registerJob } from '../../server/jobs/jobs.server';
import type { Requester } from '../abuse/intake-limits.server';
import { countAttempt, type AccountLimit } from '../auth/account-limit.server';
import { VITAL_METRICS, VITAL_TEMPLATES, type VitalMetric, type VitalTemplate } from './vitals';
import { beaconSchema } from './vitals.schema';
import { refusal, type Refusal } from '../../lib/errors';

/** A page view sends one beacon (one more after a back/forward restore): far above one shopper's pace,
 *  room for the many shoppers an Indian carrier puts behind one address. */
export const VITALS_LIMIT: AccountLimit = { max: 120, windowSeconds: 600 };

/** Long enough for the reports' longest period (30 days) and a few days to compare it with. */
export const KEEP_DAYS = 35;

export const PRUNE_VITALS_JOB = 'vitals.prune';

const IST = sql`interval '330 minutes'`;

/** The Indian calendar day of a moment, YYYY-MM-DD. */
export const indianDay = (now: Date) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** The share of page views asked to measure, in percent (VITALS_SAMPLE_PERCENT). */
export const samplePercent = () => env().VITALS_SAMPLE_PERCENT;

export type BeaconOutcome = { ok: true; stored: number } | Refusal<'invalid' | 'rate_limited'>;

const LIMITED = 'Too many measurements from your network. Please try again later.';

/** Checks a beacon, counts it against its sender's address and keeps its measurements. */
export async function recordBeacon(body: unknown, { clientIp }: Requester, now = new Date()): Promise<BeaconOutcome> {
  const parsed = beaconSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refusal('invalid', `The measurement was refused: ${issue.path.join('.') || 'body'} ${issue.message}.`);
  }
  // Collection is off: a page loaded before it was switched off may still send; keep nothing.
  if (samplePercent() === 0) return { ok: true, stored: 0 };
  const db = await getDb();
  if (clientIp && !(await countAttempt(db, `vitals:ip:${clientIp}`, VITALS_LIMIT, now.getTime())))
    return refusal('rate_limited', LIMITED);
  const day = indianDay(now);
  const { template, metrics } = parsed.data;
  await db.insert(webVitalSamples).values(metrics.map((m) => ({ day, template, metric: m.name, value: m.value })));
  return { ok: true, stored: metrics.length };
}

export interface VitalFigure {
  /** The 75th percentile: a value at least three in four of the measurements were at or under. */
  p75: number;
  samples: number;
}

/** p75 per metric, per template and for all pages together (`all`); a metric with no measurement is absent. */
export type VitalsReport = Record<VitalTemplate | 'all', Partial<Record<VitalMetric, VitalFigure>>>;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** The 75th percentile of each metric over the Indian days firstDay…lastDay (YYYY-MM-DD), as the desk shows it. */
export async function vitalsReport(firstDay: string, lastDay: string): Promise<VitalsReport> {
  const db = await getDb();
  // percentile_disc: a value some page view really had (the smallest with at least 75 % at or under it).
  const result = await db.execute(sql`
    select template, metric, count(*)::int as samples,
      percentile_disc(0.75) within group (order by value)::float8 as p75
    from web_vital_samples
    where day between ${firstDay}::date and ${lastDay}::date
    group by grouping sets ((template, metric), (metric))`);
  const report = Object.fromEntries([...VITAL_TEMPLATES, 'all'].map((t) => [t, {}])) as VitalsReport;
  for (const row of rowsOf<{ template: VitalTemplate | null; metric: VitalMetric; samples: number; p75: number }>(
    result,
  )) {
    if (!VITAL_METRICS.includes(row.metric)) continue;
    report[row.template ?? 'all'][row.metric] = { p75: Number(row.p75), samples: Number(row.samples) };
  }
  return report;
}

/** Drops measurements older than KEEP_DAYS Indian days; how many went. */
export async function pruneVitals(now = new Date()): Promise<number> {
  const db = await getDb();
  const result = await db.execute(sql`
    with gone as (
      delete from web_vital_samples
      where day < ((${now.toISOString()}::timestamptz at time zone 'UTC') + ${IST})::date - ${KEEP_DAYS}::int
      returning 1)
    select count(*)::int as count from gone`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

// Once a day, at 03:10 India time.
registerJob(PRUNE_VITALS_JOB, async () => void (await pruneVitals()), {
  singleton: true,
  cron: '40 21 * * *',
  retries: 2,
  timeoutSeconds: 300,
});
