// Issue 22 part 2 (decision 0133): until a page has loaded it asks for its HTML and its images alone, so
// a slow phone spends its bandwidth on the first screen; then come its scripts, its whole stylesheet and,
// once that is in, its server islands, which arrive styled. And not before the first screen's pictures are
// drawn: one drawn a frame after the load is the page's largest paint, and a script asked for before it
// would count against it.
import { expect, test } from '@playwright/test';

for (const path of ['/', '/product/1', '/search?q=ashwagandha']) {
  test(`${path}: nothing but images before the load; scripts, stylesheet, then islands after it`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-scripts', 'ran');
    // The account corner is a server island on every page: its answer (Login, for a visitor) is in.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    const { load, resources } = await page.evaluate(() => ({
      load: performance.getEntriesByType('navigation')[0]!.toJSON().loadEventStart as number,
      resources: performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd })),
    }));
    const before = resources.filter((resource) => resource.start < load);
    expect(before.length, 'the first screen’s images').toBeGreaterThan(0);
    for (const resource of before)
      expect(resource.path, 'asked for before the load').toMatch(/\.(svg|png|webp|jpe?g)$/);

    const stylesheet = resources.find((resource) => /^\/_astro\/.+\.css$/.test(resource.path));
    const islands = resources.filter((resource) => resource.path.startsWith('/_server-islands/'));
    expect(stylesheet, 'the whole stylesheet').toBeDefined();
    expect(resources.some((resource) => /^\/_astro\/.+\.js$/.test(resource.path))).toBe(true);
    expect(islands.map((island) => island.path)).toContain('/_server-islands/AccountMenu');
    for (const island of islands) expect(island.start).toBeGreaterThanOrEqual(stylesheet!.end);

    // Each first-screen picture in view, when the browser drew it (element timing), and the first script
    // or stylesheet asked for after the load.
    const pictures = await page.evaluate(async () => {
      const drawn = await new Promise<PerformanceEntryList>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: 'element', buffered: true }),
      );
      return [...document.querySelectorAll<HTMLImageElement>('img[elementtiming]')]
        .filter((image) => {
          const box = image.getBoundingClientRect();
          return box.width > 0 && box.top < innerHeight && box.bottom > 0;
        })
        .map((image) => ({
          src: image.getAttribute('src'),
          drawn: (
            drawn.find((entry) => (entry as PerformanceEntry & { element: Element }).element === image) as
              | (PerformanceEntry & { renderTime: number })
              | undefined
          )?.renderTime,
        }));
    });
    const firstAsset = Math.min(
      ...resources.filter((resource) => resource.path.startsWith('/_astro/')).map((resource) => resource.start),
    );
    expect(pictures.length, 'first-screen pictures in view').toBeGreaterThan(0);
    for (const picture of pictures) {
      expect(picture.drawn, `${picture.src} reported drawn`).toBeGreaterThan(0);
      expect(picture.drawn!, `${picture.src} drawn before the scripts are asked for`).toBeLessThan(firstAsset);
    }
  });
}
