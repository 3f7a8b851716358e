// What a web-vitals beacon may say: a template name and up to a few metric values, nothing else (no
// path, no query, no id). Unknown keys are refused, so nothing personal can ride along.
import { z } from 'zod';
import { METRIC_RULES, VITAL_METRICS, VITAL_TEMPLATES } from './vitals';

/** A page view reports each metric once, again after a back/forward-cache restore: room for a few views. */
export const MAX_METRICS_PER_BEACON = 20;

// z.number() refuses NaN and the infinities (zod 4).
const metricSchema = z
  .object({ name: z.enum(VITAL_METRICS), value: z.number().min(0) })
  .strict()
  .refine((m) => m.value <= METRIC_RULES[m.name].max, {
    message: 'is out of range for its metric',
    path: ['value'],
  });

export const beaconSchema = z
  .object({
    template: z.enum(VITAL_TEMPLATES),
    metrics: z.array(metricSchema).min(1).max(MAX_METRICS_PER_BEACON),
  })
  .strict();

export type Beacon = z.output<typeof beaconSchema>;
