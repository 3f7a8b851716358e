// On every shop page (VitalsReporter.astro). Nothing runs until the page's own scripts have run (they wait
// for its load and for its first screen to be drawn, server/http/after-load.ts) and the browser is idle;
// then it asks the store what share of page views measure (GET /api/vitals, cached ten minutes),
// rolls the dice, and only for a sampled page view adds the reporter (./measure.ts with web-vitals, one
// file of 3.6 KB gzip) to the page. The build inlines this module in the page (nothing of it is imported
// at run time), so before the shopper's first interaction a page loads no more files than it did.
import reporterUrl from 'virtual:vitals-reporter-url';

/** As VITALS_PATH in ./vitals (importing it would make the build share a file between this and the reporter). */
export const BOOT_VITALS_PATH = '/api/vitals';

async function addReporterIfSampled() {
  const { samplePercent } = (await (await fetch(BOOT_VITALS_PATH)).json()) as { samplePercent: number };
  if (!(Math.random() * 100 < samplePercent)) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = reporterUrl;
  document.head.append(script);
}

/** As SCRIPTS_WAITING and SCRIPTS_RAN_EVENT in server/http/after-load (imported, they would cost a file). */
export const BOOT_SCRIPTS_WAITING = 'after-load';
export const BOOT_SCRIPTS_RAN_EVENT = 'scripts-ran';

export function measureWhenIdle() {
  const start = () => {
    const run = () => void addReporterIfSampled().catch(() => {});
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 5000 });
    else setTimeout(run, 200);
  };
  // A request made before the page's largest paint would count against it (and compete with it on a slow
  // phone): on a page whose scripts wait, after them; on any other, after the load.
  if (document.documentElement.dataset.scripts === BOOT_SCRIPTS_WAITING)
    addEventListener(BOOT_SCRIPTS_RAN_EVENT, start, { once: true });
  else if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
