// Home hero carousel (spec §2, §4 'Carousel', §9): 4 slides, advances every 5 s and wraps at both
// ends. Follows the WAI-ARIA carousel pattern: a Pause/Play control (WCAG 2.2.2), rotation held
// while hovered or focused, none at all under prefers-reduced-motion. The server renders the
// first slide in full so it paints before this island hydrates.
import { useEffect, useRef, useState, type FocusEvent, type ReactNode, type TouchEvent } from 'react';
import { HERO_INTERVAL_MS, HERO_SLIDES } from './home-content';
import { swipeStep, wrapIndex } from './carousel';

const slides = HERO_SLIDES;

export default function HeroCarousel() {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focusedInside, setFocusedInside] = useState(false);
  const touchStartX = useRef<number | null>(null);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    if (query.matches) setPlaying(false);
    const onChange = (event: MediaQueryListEvent) => { if (event.matches) setPlaying(false); };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const rotating = playing && !hovered && !focusedInside;
  useEffect(() => {
    if (!rotating) return;
    // Keyed on index too, so any manual move restarts the full 5 s.
    const timer = setTimeout(() => setIndex((i) => wrapIndex(i + 1, slides.length)), HERO_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, index]);

  const go = (step: number) => setIndex((i) => wrapIndex(i + step, slides.length));

  function togglePlaying() {
    // Pressing Play is an explicit request: resume even though focus sits on this button.
    if (!playing) setFocusedInside(false);
    setPlaying(!playing);
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedInside(false);
  }

  function onTouchEnd(event: TouchEvent) {
    if (touchStartX.current == null) return;
    const step = swipeStep(event.changedTouches[0].clientX - touchStartX.current);
    touchStartX.current = null;
    if (step) go(step);
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Vedara highlights"
      className="relative bg-leaf-900"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocusedInside(true)}
      onBlur={onBlur}
    >
      <div
        className="overflow-hidden"
        onTouchStart={(e) => { touchStartX.current = e.touches[0].clientX; }}
        onTouchEnd={onTouchEnd}
      >
        <div
          aria-live={rotating ? 'off' : 'polite'}
          className="flex transition-transform duration-700 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {slides.map((slide, i) => {
            const active = i === index;
            return (
              <div
                key={slide.image}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
                aria-hidden={!active}
                inert={!active}
                className="relative w-full shrink-0"
              >
                <div className="aspect-[16/7] bg-leaf-800">
                  <img
                    src={slide.image}
                    alt=""
                    width={1600}
                    height={700}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : 'auto'}
                    decoding={i === 0 ? 'sync' : 'async'}
                    className="block h-full w-full object-cover"
                  />
                </div>
                <div className="md:absolute md:inset-y-0 md:left-0 md:flex md:items-center md:pl-[max(2rem,calc((100vw-80rem)/2+2rem))]">
                  <div className="bg-leaf-900 px-5 py-6 text-white md:max-w-md md:rounded-2xl md:p-8 md:shadow-xl">
                    <h2 className="font-serif text-2xl font-bold leading-tight sm:text-3xl lg:text-4xl">{slide.title}</h2>
                    <p className="mt-3 text-brand-100 sm:text-lg">{slide.description}</p>
                    <a
                      href={slide.buttonLink}
                      className="mt-5 inline-flex items-center justify-center rounded-full bg-brand-200 px-5 py-2.5 font-semibold text-leaf-900 hover:bg-white focus-visible:outline-brand-200!"
                    >
                      {slide.buttonText}
                    </a>
                  </div>
                </div>
              </div>
            );
          })}
        </div>
      </div>

      <div className="flex items-center justify-center gap-2 bg-leaf-900 px-4 pb-4 pt-1 md:absolute md:bottom-4 md:left-1/2 md:-translate-x-1/2 md:rounded-full md:bg-leaf-900/95 md:py-1.5">
        <ControlButton label={playing ? 'Pause slideshow' : 'Play slideshow'} onClick={togglePlaying}>
          {playing
            ? <path d="M7 5h3v14H7zM14 5h3v14h-3z" />
            : <path d="M8 5v14l11-7z" />}
        </ControlButton>
        <ControlButton label="Previous slide" onClick={() => go(-1)}>
          <path d="M15.5 5 8.5 12l7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </ControlButton>
        <div className="flex items-center">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
              className="group grid h-8 w-8 place-items-center rounded-full focus-visible:outline-brand-200!"
            >
              <span className={`block h-2.5 rounded-full transition-all motion-reduce:transition-none ${i === index ? 'w-6 bg-brand-200' : 'w-2.5 bg-white/70 group-hover:bg-white'}`} />
            </button>
          ))}
        </div>
        <ControlButton label="Next slide" onClick={() => go(1)}>
          <path d="m8.5 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </ControlButton>
      </div>
    </section>
  );
}

function ControlButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="grid h-9 w-9 place-items-center rounded-full text-white hover:bg-white/15 focus-visible:outline-brand-200!"
    >
      <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">{children}</svg>
    </button>
  );
}
