// supabase/migrations/20261127160000_web_vitals.sql: the shoppers' own Core Web Vitals, one row per measurement.
import { bigint, date, doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';
import type { VitalMetric, VitalTemplate } from '../features/vitals/vitals';

export const webVitalSamples = pgTable(
  'web_vital_samples',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The Indian day (UTC+5:30) the beacon arrived; no time of day is kept. */
    day: date('day').notNull(),
    template: text('template').$type<VitalTemplate>().notNull(),
    metric: text('metric').$type<VitalMetric>().notNull(),
    /** Milliseconds, except CLS (a score). */
    value: doublePrecision('value').notNull(),
  },
  (t) => [index('web_vital_samples_day_idx').on(t.day, t.metric, t.template)],
);
