// The shoppers' own Core Web Vitals (issue 22 part 5): a page view measures itself after load, sends one
// beacon as the shopper leaves, and the owner reads the 75th percentile on the reports desk.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { ownerPage } from './accounts';

test('a shopper’s visit to a product page is measured and the owner reads it on the reports desk', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A network of its own (the e2e server trusts one proxy hop), so other specs' beacons do not count against it.
  const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  const shopper = await (await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } })).newPage();
  // Keep a copy of what the page hands to sendBeacon (Playwright does not report beacons as requests).
  await shopper.addInitScript(() => {
    const sent: Blob[] = [];
    Object.assign(window, { sentBeacons: sent });
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) sent.push(data);
      return send(url, data);
    };
  });
  await shopper.goto('/product/1');
  // After load, when idle: the store measures every page view on a loopback address.
  await expect(shopper.locator('html')).toHaveAttribute('data-vitals', 'measuring');
  await shopper.getByRole('heading', { level: 1 }).click(); // an interaction: INP, and LCP is final
  // The browser has timed the interaction (it reports it after the next paint).
  await shopper.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
  // web-vitals takes the interaction in when the browser is next idle (as it is before a shopper leaves);
  // hidden sooner, the beacon can leave without INP. A callback asked for now runs after that one.
  await shopper.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  // The shopper switches away (the headless browser never hides a page itself): the beacon goes out.
  const beacons = async () =>
    shopper.evaluate(() =>
      Promise.all((window as unknown as { sentBeacons: Blob[] }).sentBeacons.map((blob) => blob.text())),
    );
  type Beacon = { template: string; metrics: { name: string; value: number }[] };
  const sent = async () => (await beacons()).map((text) => JSON.parse(text) as Beacon);
  // web-vitals may still be processing the interaction when the page is first hidden: INP then leaves in
  // the next beacon (as it would when a real shopper's page is hidden again or unloaded).
  await expect(async () => {
    await shopper.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true })); // as the browser fires it
    });
    const names = (await sent()).flatMap((beacon) => beacon.metrics.map((m) => m.name));
    expect([...new Set(names)].sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
  }).toPass({ timeout: 10_000 });
  for (const beacon of await sent()) {
    expect(Object.keys(beacon).sort()).toEqual(['metrics', 'template']);
    expect(beacon.template).toBe('product');
    for (const metric of beacon.metrics) expect(Object.keys(metric).sort()).toEqual(['name', 'value']);
  }
  // Each measurement leaves once.
  const names = (await sent()).flatMap((beacon) => beacon.metrics.map((m) => m.name));
  expect(names.filter((name) => name !== 'INP' && name !== 'CLS').sort()).toEqual(['FCP', 'LCP', 'TTFB']);
  await shopper.context().close();

  const owner = await ownerPage(browser);
  await owner.goto('/admin/reports?range=today');
  const table = owner.getByRole('table', { name: /Core Web Vitals at the 75th percentile/ });
  const productRow = table.getByRole('row', { name: /Product pages/ });
  // sendBeacon returns before the store has kept the measurements: they may show a moment later.
  await expect(async () => {
    await owner.reload();
    await expect(productRow).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const lcp = productRow.locator('td[data-metric="LCP"]');
  await expect(lcp).toContainText(/\d+(\.\d+)? m?s/);
  await expect(lcp).toContainText(/Good|Needs improvement|Poor/);
  await expect(lcp).toContainText(/\d+ views?/);
  await expect(table.getByRole('row', { name: /All pages/ }).locator('td[data-metric="LCP"]')).toContainText(
    /Good|Needs improvement|Poor/,
  );
  await owner.getByText('What the ratings mean').click();
  await expect(owner.getByText('Good up to 2.5 s, Needs improvement up to 4 s, Poor beyond.')).toBeVisible();
  await expectNoAxeViolations(owner, 'reports with field web vitals');
});

test('the reporter is one file of the store’s own, asked for only after the page has loaded', async ({ page }) => {
  const events: string[] = [];
  page.on('load', () => events.push('load'));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') events.push(request.url());
  });
  await page.goto('/our-story');
  await expect(page.locator('html')).toHaveAttribute('data-vitals', 'measuring');
  const origin = new URL(page.url()).origin;
  const reporter = events.filter((e) => /\/_astro\/measure\.[\w-]+\.js$/.test(e));
  expect(reporter).toHaveLength(1);
  expect(events.indexOf(reporter[0])).toBeGreaterThan(events.indexOf('load'));
  expect(events.indexOf('load')).toBeGreaterThanOrEqual(0);
  expect(events.filter((e) => e !== 'load' && !e.startsWith(origin))).toEqual([]);
});
