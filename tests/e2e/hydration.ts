import { expect, type Locator } from '@playwright/test';

/** Wait until the React island around `locator` has hydrated (Astro drops the `ssr` attribute then). */
export async function whenHydrated(locator: Locator) {
  // client:visible islands hydrate only once seen. A plain scroll, without Playwright's stability wait:
  // fixed or animating elements (toasts, marquees) never count as stable.
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' })).catch(() => {});
  await expect(locator.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/);
}
