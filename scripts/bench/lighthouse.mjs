// Lighthouse 12 mobile (its default: simulated slow 4G, 4× CPU slowdown) per page, each figure the median
// of `runs`. Heavy: the bench runs it once per page × runs, one Chromium at a time.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureLighthouse(origin, pages, { runs = 3, chromiumPath }) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const results = [];
  try {
    for (const target of pages) {
      // One request first, as the throughput does: the server's first render of a route (its code loaded,
      // its queries prepared) is a cold start, not the page a shopper on a running store gets.
      await fetch(origin + target.path).then((response) => response.arrayBuffer());
      const samples = [];
      const failures = [];
      // A run Lighthouse cannot finish (now and then NO_NAVSTART: the trace lacks the navigation) is run
      // again, twice at most per page, so the median is still of `runs`; the table names each failure.
      while (samples.length < runs && failures.length <= 2) {
        const { lhr } = await lighthouse(origin + target.path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
        if (lhr.runtimeError || lhr.categories.performance.score == null) {
          failures.push(lhr.runtimeError?.code ?? 'no score');
          continue;
        }
        samples.push({
          score: Math.round(lhr.categories.performance.score * 100),
          lcp: audit('largest-contentful-paint') / 1000,
          cls: audit('cumulative-layout-shift'),
          tbt: audit('total-blocking-time'),
          fcp: audit('first-contentful-paint') / 1000,
          blocking: (lhr.audits['render-blocking-resources']?.details?.items ?? []).length,
        });
      }
      if (samples.length === 0) {
        results.push({ name: target.name, path: target.path, score: '–', scores: failures.join('/') });
        continue;
      }
      // Each figure is its own median: one slow run (a busy moment of the machine) moves none of them.
      const of = (key) => median(samples.map((sample) => sample[key]));
      results.push({
        name: target.name,
        path: target.path,
        score: of('score'),
        scores: [...samples.map((s) => s.score), ...failures].join('/'),
        fcp: of('fcp').toFixed(2),
        lcp: of('lcp').toFixed(2),
        cls: of('cls').toFixed(3),
        tbt: Math.round(of('tbt')),
        blocking: of('blocking'),
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}
