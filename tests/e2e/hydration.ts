import { expect, type Locator } from '@playwright/test';

/** Wait until the React island around `locator` has hydrated (Astro drops the `ssr` attribute then). */
export async function whenHydrated(locator: Locator) {
  await locator.scrollIntoViewIfNeeded(); // client:visible islands hydrate only once seen
  await expect(locator.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/);
}
