// JavaScript a phone downloads on a page before the shopper's first interaction: every script response
// after load and a full scroll (window.scrollTo: no pointer, touch, focus or key event, so islands that
// wait for the shopper stay asleep), counted as gzip bytes (what the wire carries whatever encoding the
// server chose), in a 390 px wide Chromium.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

export async function measureJavaScript(origin, pages, { chromiumPath }) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results = [];
  try {
    for (const target of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const bodies = [];
      let lastResponse = Date.now();
      page.on('response', (response) => {
        lastResponse = Date.now();
        if ((response.headers()['content-type'] || '').includes('javascript'))
          bodies.push(response.body().catch(() => Buffer.alloc(0)));
      });
      // Quiet: no response for a second. Not Playwright's 'networkidle': a server island's fetch answered
      // from Astro's preload never reports finished there, so that state never comes.
      const quiet = async () => {
        const giveUpAt = Date.now() + 20_000;
        while (Date.now() - lastResponse < 1000 && Date.now() < giveUpAt) await page.waitForTimeout(200);
      };
      await page.goto(origin + target.path, { waitUntil: 'load' });
      await quiet();
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      await quiet();
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent).join('\n'),
      );
      const files = await Promise.all(bodies);
      const gzipBytes = files.reduce((sum, body) => sum + gzipSync(body).length, 0);
      results.push({
        name: target.name,
        path: target.path,
        files: files.length,
        kb: +(gzipBytes / 1024).toFixed(1),
        inlineKb: +(gzipSync(inline).length / 1024).toFixed(1),
        react: (await page.evaluate(() =>
          performance.getEntriesByType('resource').some((e) => /\/_astro\/(client|index)\.[\w-]+\.js$/.test(e.name)),
        ))
          ? 'yes'
          : 'no',
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
