import { expect, type Locator } from '@playwright/test';

/**
 * Wait until the React island around `locator` has hydrated (Astro drops the `ssr` attribute then), or,
 * for an element enhanced by a plain script (`data-enhance`, e.g. the header's cart button), until that
 * script marked it ready.
 */
export async function whenHydrated(locator: Locator) {
  if (await locator.evaluate((element) => element.hasAttribute('data-enhance'))) {
    await expect(locator).toHaveAttribute('data-enhance', 'ready');
    return;
  }
  // client:visible islands hydrate only once seen. A plain scroll, without Playwright's stability wait:
  // fixed or animating elements (toasts, marquees) never count as stable. Instant: where motion is allowed
  // the page scrolls smoothly, and a scroll still running would move what a test measures next.
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' })).catch(() => {});
  // client:interaction islands wake when a pointer reaches them: say so without clicking anything.
  const island = locator.locator('xpath=ancestor::astro-island[1]');
  await island
    .evaluate((element) => {
      if (element.getAttribute('client') === 'interaction') element.dispatchEvent(new PointerEvent('pointerenter'));
    })
    .catch(() => {});
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}
