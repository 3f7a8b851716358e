import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA: zero violations on what the page shows right now (menus, drawers and modals included). */
export async function expectNoAxeViolations(page: Page, label: string) {
  // Colours are judged once fades and slides have ended: a card fading in is not a contrast failure.
  // Running, finite ones only (a paused or endless animation never finishes), and capped.
  const settled = page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 3000))]);
  // Sections below the fold use content-visibility: auto (.render-when-near): the browser paints them only
  // when they come near, and axe, finding no painted background behind their text, judges it against
  // white (1.19:1 for the testimonials' light button on dark green). Audit them painted, as a shopper who
  // scrolls there sees them, then hand the page back as it was.
  const paintAll = (paint: boolean) =>
    page.evaluate((paint) => {
      for (const element of document.querySelectorAll<HTMLElement>('*')) {
        if (paint && getComputedStyle(element).contentVisibility === 'auto') {
          element.style.contentVisibility = 'visible';
          element.dataset.axePainted = '';
        } else if (!paint && element.dataset.axePainted !== undefined) {
          element.style.contentVisibility = '';
          delete element.dataset.axePainted;
        }
      }
    }, paint);
  await paintAll(true);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  await paintAll(false);
  // Each violation with its first elements: where they are, their markup and axe's reason, so a failure
  // names the element without a rerun.
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .slice(0, 3)
        .map(
          (n) =>
            `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`,
        )
        .join(', ')})`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Scroll through the page so lazily loaded islands render before an audit. */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y <= document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
}
