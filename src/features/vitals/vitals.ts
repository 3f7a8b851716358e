// Shoppers' own Core Web Vitals (field data, decision 0105-field-web-vitals): the metrics kept, their
// Good / Needs improvement / Poor thresholds, and the page templates they are kept under. Plain module:
// the browser's reporter uses templateOf; the server and the desk use the rest.

/** Where the browser asks whether to measure (GET) and sends its beacon (POST): src/pages/api/vitals.ts.
 *  ./vitals-boot spells it out itself (sharing a module would cost the page a file; a test checks they agree). */
export const VITALS_PATH = '/api/vitals';

/** The most a beacon's body may be (the HTTP boundary refuses more with a 413). */
export const VITALS_BODY_LIMIT = 4 * 1024;

/** The metrics a beacon may carry, in the order the desk shows them. */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** The templates measurements are kept under; never a path, a query or anything of the shopper's. */
export const VITAL_TEMPLATES = ['home', 'listing', 'product', 'cart', 'checkout', 'article', 'other'] as const;
export type VitalTemplate = (typeof VITAL_TEMPLATES)[number];

export interface MetricRule {
  label: string;
  /** At or under `good` is Good; over `poor` is Poor; between is Needs improvement (as web-vitals rates). */
  good: number;
  poor: number;
  /** The largest value a beacon may carry: beyond it is a tab left loading or a made-up figure, not a page view. */
  max: number;
  unit: 'ms' | 'score';
}

/** web.dev's thresholds (the same as web-vitals' LCPThresholds etc.), milliseconds except CLS. */
export const METRIC_RULES: Record<VitalMetric, MetricRule> = {
  LCP: { label: 'Largest Contentful Paint', good: 2500, poor: 4000, max: 60_000, unit: 'ms' },
  INP: { label: 'Interaction to Next Paint', good: 200, poor: 500, max: 60_000, unit: 'ms' },
  CLS: { label: 'Cumulative Layout Shift', good: 0.1, poor: 0.25, max: 10, unit: 'score' },
  FCP: { label: 'First Contentful Paint', good: 1800, poor: 3000, max: 60_000, unit: 'ms' },
  TTFB: { label: 'Time to First Byte', good: 800, poor: 1800, max: 60_000, unit: 'ms' },
};

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export const RATING_LABELS: Record<VitalRating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

export function ratingOf(metric: VitalMetric, value: number): VitalRating {
  const { good, poor } = METRIC_RULES[metric];
  if (value > poor) return 'poor';
  return value > good ? 'needs-improvement' : 'good';
}

/**
 * Where a value sits on the desk's small gauge, in percent of its width (which ends at 1.5 × the Poor
 * threshold): the end of the Good band, the end of Needs improvement, and the value (capped at the end).
 */
export function gaugeOf(metric: VitalMetric, value: number): { good: number; poor: number; at: number } {
  const { good, poor } = METRIC_RULES[metric];
  const end = poor * 1.5;
  const percent = (v: number) => Math.round((Math.min(v, end) / end) * 1000) / 10;
  return { good: percent(good), poor: percent(poor), at: percent(value) };
}

/** A value as the desk shows it: seconds with two decimals for times of a second or more, else ms; CLS as is. */
export function formatVital(metric: VitalMetric, value: number): string {
  if (METRIC_RULES[metric].unit === 'score') return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

/** The threshold as the desk's legend states it (2.5 s, 200 ms, 0.1). */
export function formatThreshold(metric: VitalMetric, value: number): string {
  if (METRIC_RULES[metric].unit === 'score') return String(value);
  return value >= 1000 ? `${value / 1000} s` : `${value} ms`;
}

export const TEMPLATE_LABELS: Record<VitalTemplate, string> = {
  home: 'Home',
  listing: 'Listings and search',
  product: 'Product pages',
  cart: 'Cart',
  checkout: 'Checkout',
  article: 'Articles',
  other: 'Other pages',
};

/** Which template a page of the shop is, from its path alone (the browser sends only this name). */
export function templateOf(pathname: string): VitalTemplate {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (path === '/') return 'home';
  if (['/shop-all', '/shop-by-wellness', '/search'].includes(path)) return 'listing';
  if (/^\/product\/[^/]+(\/reviews)?$/.test(path)) return 'product';
  if (path === '/cart') return 'cart';
  if (path === '/checkout') return 'checkout';
  if (/^\/blog\/[^/]+$/.test(path)) return 'article';
  return 'other';
}
