// Issue 22 part 2 (decision 0133): until a page has loaded it asks for its HTML and its images alone, so
// a slow phone spends its bandwidth on the first screen; then come its scripts, its whole stylesheet and,
// once that is in, its server islands, which arrive styled.
import { expect, test } from '@playwright/test';

for (const path of ['/', '/product/1']) {
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
  });
}
