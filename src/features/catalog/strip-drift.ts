// The drift of the product strips (./AlsoLike.tsx): 0.5 px every 20 ms, back to the start at the end. It
// stands still under reduced motion, while hovered or focused, when paused with its button (WCAG 2.2.2),
// while off-screen and when everything already fits.
import { nextScrollLeft } from './product-page';

const STEP_PX = 0.5;
const TICK_MS = 20;

export function startStripDrift(root: HTMLElement) {
  const strip = root.querySelector<HTMLElement>('[data-strip]');
  const button = root.querySelector<HTMLButtonElement>('[data-strip-pause]');
  if (!strip || !button) return;
  const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let hovered = false;
  let focused = false;
  let paused = false;
  let visible = false;
  let overflowing = false;
  let timer: number | undefined;

  const update = () => {
    const canMove = overflowing && !motion.matches;
    button.hidden = !canMove;
    button.setAttribute('aria-pressed', String(paused));
    button.textContent = paused ? 'Play scrolling' : 'Pause scrolling';
    const moving = canMove && !hovered && !focused && !paused && visible;
    if (moving && timer === undefined) {
      // Track the position as a float: browsers round scrollLeft, which would swallow half-pixel steps.
      let position = strip.scrollLeft;
      timer = window.setInterval(() => {
        if (Math.abs(strip.scrollLeft - position) > 1) position = strip.scrollLeft; // the shopper scrolled
        position = nextScrollLeft(position, STEP_PX, strip.scrollWidth - strip.clientWidth);
        strip.scrollLeft = position;
      }, TICK_MS);
    } else if (!moving && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };

  motion.addEventListener('change', update);
  new IntersectionObserver(([entry]) => {
    visible = !!entry?.isIntersecting;
    update();
  }).observe(strip);
  new ResizeObserver(() => {
    overflowing = strip.scrollWidth > strip.clientWidth + 1;
    update();
  }).observe(strip);
  strip.addEventListener('mouseenter', () => {
    hovered = true;
    update();
  });
  strip.addEventListener('mouseleave', () => {
    hovered = false;
    update();
  });
  strip.addEventListener('focusin', () => {
    focused = true;
    update();
  });
  strip.addEventListener('focusout', (event) => {
    focused = strip.contains(event.relatedTarget as Node | null);
    update();
  });
  button.addEventListener('click', () => {
    paused = !paused;
    update();
  });
}
