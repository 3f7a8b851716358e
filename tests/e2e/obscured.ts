// WCAG 2.4.11 Focus Not Obscured, as the shopper would notice it: wherever a control or a total is
// scrolled to (the top, middle or bottom of the screen), the point at its centre belongs to it, not to
// something fixed or sticky (the header, the chat and Rewards buttons, the quick add-to-cart bar, a toast).
import { expect, type Locator } from '@playwright/test';

/** What covers the centre of `control` (null when the control itself, or a part of it, is there). */
export async function coverAt(control: Locator, block: ScrollLogicalPosition): Promise<string | null> {
  return control.evaluate(async (element, where) => {
    element.scrollIntoView({ block: where, behavior: 'instant' });
    // Bars that appear on scroll (the quick add-to-cart bar) get two frames to show.
    for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame);
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit && (element === hit || element.contains(hit))) return null;
    if (!hit) return 'nothing (off screen)';
    const label = (node: Element) =>
      `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.getAttribute('aria-label') ? `[${node.getAttribute('aria-label')}]` : ''} "${(node.textContent ?? '').trim().slice(0, 30)}"`;
    let cover: Element | null = hit;
    while (cover && !['fixed', 'sticky'].includes(getComputedStyle(cover).position)) cover = cover.parentElement;
    return `${label(hit)}${cover && cover !== hit ? ` in ${label(cover)}` : ''}`;
  }, block);
}

/** Each control, scrolled to the top, middle and bottom of the screen, has nothing fixed or sticky on it. */
export async function expectClear(controls: Record<string, Locator>) {
  const covered: string[] = [];
  for (const [name, control] of Object.entries(controls)) {
    await expect(control, name).toBeVisible();
    for (const block of ['start', 'center', 'end'] as const) {
      const cover = await coverAt(control, block);
      if (cover) covered.push(`${name} (scrolled to the ${block}) is under ${cover}`);
    }
  }
  expect(covered).toEqual([]);
}
