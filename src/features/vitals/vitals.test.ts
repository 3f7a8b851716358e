import { describe, expect, it } from 'vitest';
import { SCRIPTS_RAN_EVENT, SCRIPTS_WAITING } from '../../server/http/after-load';
import { BOOT_SCRIPTS_RAN_EVENT, BOOT_SCRIPTS_WAITING, BOOT_VITALS_PATH } from './vitals-boot';
import {
  formatThreshold,
  formatVital,
  gaugeOf,
  METRIC_RULES,
  ratingOf,
  templateOf,
  VITAL_METRICS,
  VITALS_BODY_LIMIT,
  VITALS_PATH,
} from './vitals';
import { beaconSchema, MAX_METRICS_PER_BEACON } from './vitals.schema';

describe('ratings', () => {
  it('rates each metric Good up to its first threshold, Poor beyond its second, as web.dev does', () => {
    const cases: [keyof typeof METRIC_RULES, number, string][] = [
      ['LCP', 2500, 'good'],
      ['LCP', 2501, 'needs-improvement'],
      ['LCP', 4000, 'needs-improvement'],
      ['LCP', 4001, 'poor'],
      ['INP', 200, 'good'],
      ['INP', 201, 'needs-improvement'],
      ['INP', 501, 'poor'],
      ['CLS', 0.1, 'good'],
      ['CLS', 0.11, 'needs-improvement'],
      ['CLS', 0.25, 'needs-improvement'],
      ['CLS', 0.26, 'poor'],
      ['TTFB', 800, 'good'],
      ['TTFB', 1800, 'needs-improvement'],
      ['TTFB', 1801, 'poor'],
      ['FCP', 1800, 'good'],
      ['FCP', 3000, 'needs-improvement'],
      ['FCP', 3001, 'poor'],
    ];
    for (const [metric, value, rating] of cases) expect(ratingOf(metric, value), `${metric} ${value}`).toBe(rating);
  });

  it('states the thresholds and values the way the desk shows them', () => {
    expect(
      VITAL_METRICS.map(
        (m) => `${formatThreshold(m, METRIC_RULES[m].good)}/${formatThreshold(m, METRIC_RULES[m].poor)}`,
      ),
    ).toEqual(['2.5 s/4 s', '200 ms/500 ms', '0.1/0.25', '1.8 s/3 s', '800 ms/1.8 s']);
    expect(formatVital('LCP', 1834)).toBe('1.83 s');
    expect(formatVital('INP', 96.4)).toBe('96 ms');
    expect(formatVital('CLS', 0.0312)).toBe('0.03');
  });

  it('places a value on the gauge between its bands, and a value far beyond Poor at its end', () => {
    expect(gaugeOf('LCP', 2500)).toEqual({ good: 41.7, poor: 66.7, at: 41.7 });
    expect(gaugeOf('INP', 0)).toEqual({ good: 26.7, poor: 66.7, at: 0 });
    expect(gaugeOf('CLS', 5).at).toBe(100);
  });
});

describe('templateOf', () => {
  it('names the template from the path alone, never keeping the path', () => {
    const cases: [string, string][] = [
      ['/', 'home'],
      ['/shop-all', 'listing'],
      ['/shop-by-wellness', 'listing'],
      ['/search', 'listing'],
      ['/product/7', 'product'],
      ['/product/7/reviews', 'product'],
      ['/product/7/', 'product'],
      ['/cart', 'cart'],
      ['/checkout', 'checkout'],
      ['/blog/shilajit-the-complete-guide', 'article'],
      ['/blog', 'other'],
      ['/our-story', 'other'],
      ['/dashboard/profile', 'other'],
      ['/order/VA-1001', 'other'],
    ];
    for (const [path, template] of cases) expect(templateOf(path), path).toBe(template);
  });
});

describe('beaconSchema', () => {
  const ok = { template: 'home', metrics: [{ name: 'LCP', value: 1200 }] };

  it('takes a template and metric values, and nothing more', () => {
    expect(beaconSchema.safeParse(ok).success).toBe(true);
    expect(beaconSchema.safeParse({ ...ok, url: '/x?q=1' }).success).toBe(false);
    expect(beaconSchema.safeParse({ ...ok, metrics: [{ name: 'LCP', value: 1, rating: 'good' }] }).success).toBe(false);
    expect(beaconSchema.safeParse({ ...ok, template: 'admin' }).success).toBe(false);
  });

  it('refuses values out of each metric’s range and odd numbers', () => {
    for (const metric of VITAL_METRICS) {
      const max = METRIC_RULES[metric].max;
      const with_ = (value: unknown) =>
        beaconSchema.safeParse({ template: 'home', metrics: [{ name: metric, value }] });
      expect(with_(max).success, `${metric} at max`).toBe(true);
      expect(with_(0).success, `${metric} zero`).toBe(true);
      for (const bad of [-0.001, max * 1.01, Number.NaN, Number.POSITIVE_INFINITY, null, '1', true])
        expect(with_(bad).success, `${metric} ${bad}`).toBe(false);
    }
    expect(
      beaconSchema.safeParse({ template: 'home', metrics: Array(MAX_METRICS_PER_BEACON + 1).fill(ok.metrics[0]) })
        .success,
    ).toBe(false);
  });

  it('fits the most a beacon may carry well inside its 4 KB body cap', () => {
    const largest = {
      template: 'checkout',
      metrics: Array.from({ length: MAX_METRICS_PER_BEACON }, () => ({ name: 'TTFB', value: 59_999.123456789 })),
    };
    expect(beaconSchema.safeParse(largest).success).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify(largest)).length).toBeLessThan(VITALS_BODY_LIMIT / 2);
  });

  it('is sent where the boot script asks, after the page’s own scripts', () => {
    expect(BOOT_VITALS_PATH).toBe(VITALS_PATH);
    expect(BOOT_SCRIPTS_WAITING).toBe(SCRIPTS_WAITING);
    expect(BOOT_SCRIPTS_RAN_EVENT).toBe(SCRIPTS_RAN_EVENT);
  });
});
