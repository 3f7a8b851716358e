// Drives each [data-hero-carousel] rendered by HeroCarousel.astro: timer, arrows, dots, swipe and
// the Pause/Play control. State lives here; the markup only reflects it (aria-current, inert, …).
import { HERO_INTERVAL_MS } from './home-content';
import { swipeStep, wrapIndex } from './carousel';

function initHeroCarousel(root: HTMLElement) {
  const track = root.querySelector<HTMLElement>('[data-hero-track]')!;
  const viewport = root.querySelector<HTMLElement>('[data-hero-viewport]')!;
  const slides = [...root.querySelectorAll<HTMLElement>('[data-hero-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-hero-dot]')];
  const playButton = root.querySelector<HTMLButtonElement>('[data-hero-play]')!;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

  let index = 0;
  let playing = !reducedMotion.matches;
  let hovered = false;
  let focusedInside = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let touchStartX: number | null = null;

  function render() {
    const rotating = playing && !hovered && !focusedInside;
    track.style.transform = `translateX(-${index * 100}%)`;
    // Announce slide changes only when the shopper caused them, not every 5 s.
    track.setAttribute('aria-live', rotating ? 'off' : 'polite');
    slides.forEach((slide, i) => {
      slide.inert = i !== index;
      slide.setAttribute('aria-hidden', String(i !== index));
    });
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    root.dataset.playing = String(playing);
    playButton.setAttribute('aria-label', playing ? 'Pause slideshow' : 'Play slideshow');

    // Restarted on every change, so a manual move always gives the new slide its full 5 s.
    clearTimeout(timer);
    if (rotating) timer = setTimeout(() => goTo(index + 1), HERO_INTERVAL_MS);
  }

  function goTo(i: number) {
    index = wrapIndex(i, slides.length);
    render();
  }

  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    if (!button) return;
    if (button.dataset.heroStep) goTo(index + Number(button.dataset.heroStep));
    else if (button.dataset.heroDot) goTo(Number(button.dataset.heroDot));
    else if (button === playButton) {
      // Pressing Play is an explicit request: resume even though focus sits on this button.
      if (!playing) focusedInside = false;
      playing = !playing;
      render();
    }
  });
  root.addEventListener('mouseenter', () => {
    hovered = true;
    render();
  });
  root.addEventListener('mouseleave', () => {
    hovered = false;
    render();
  });
  root.addEventListener('focusin', () => {
    focusedInside = true;
    render();
  });
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) {
      focusedInside = false;
      render();
    }
  });
  viewport.addEventListener(
    'touchstart',
    (event) => {
      touchStartX = event.touches[0].clientX;
    },
    { passive: true },
  );
  viewport.addEventListener('touchend', (event) => {
    if (touchStartX == null) return;
    const step = swipeStep(event.changedTouches[0].clientX - touchStartX);
    touchStartX = null;
    if (step) goTo(index + step);
  });
  reducedMotion.addEventListener('change', (event) => {
    if (event.matches) {
      playing = false;
      render();
    }
  });

  render();
  root.dataset.ready = '';
}

export function initHeroCarousels() {
  document.querySelectorAll<HTMLElement>('[data-hero-carousel]').forEach(initHeroCarousel);
}
