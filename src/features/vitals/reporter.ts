// The web-vitals reporter (browser only), added to a sampled page view by ./vitals-boot after the page
// has loaded and the browser is idle. web-vitals reads the entries the browser buffered since the
// navigation, so loading it late loses nothing. The measurements wait in a queue and leave in one beacon
// when the page is hidden (the shopper leaves, switches tab or app), as web-vitals advises.
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { templateOf, VITALS_PATH } from './vitals';

/** What a beacon carries of a metric: its name and value (whole milliseconds; CLS to four decimals). */
export const beaconEntry = ({ name, value }: Pick<Metric, 'name' | 'value'>) => ({
  name,
  value: name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value),
});

export function startReporting() {
  const template = templateOf(location.pathname);
  const queue: ReturnType<typeof beaconEntry>[] = [];
  const add = (metric: Metric) => queue.push(beaconEntry(metric));
  for (const on of [onTTFB, onFCP, onLCP, onCLS, onINP]) on(add);
  const flush = () => {
    if (queue.length === 0) return;
    const body = JSON.stringify({ template, metrics: queue.splice(0) });
    navigator.sendBeacon(VITALS_PATH, new Blob([body], { type: 'application/json' }));
  };
  // Added after web-vitals' own listeners (capture), so CLS, INP and LCP are in the queue when it runs.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  document.documentElement.dataset.vitals = 'measuring';
}
