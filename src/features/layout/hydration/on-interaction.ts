// client:interaction: the island hydrates when the shopper first reaches for it (pointer down, focus,
// a key, a mouse resting on it). Until then its server-rendered HTML stands on its own: links and forms
// work natively, and a tap on a plain button (or a link marked data-replay) is held and replayed once
// the island is live.
import type { ClientDirective } from 'astro';

const INTENT_EVENTS = ['pointerdown', 'pointerenter', 'focusin', 'keydown', 'touchstart'] as const;

const onInteraction: ClientDirective = (load, _options, island) => {
  let hydrated: Promise<void> | null = null;
  const replay = (event: Event) => {
    // A plain button, or a link standing in for one until the island runs (`data-replay`: the island
    // renders its replacement with the same value, which gets the click if the link is gone by then).
    const target = (event.target as Element | null)?.closest('button[type="button"], a[data-replay]');
    if (!(target instanceof HTMLElement)) return;
    event.preventDefault();
    event.stopPropagation();
    const key = target.dataset.replay;
    hydrate().then(() => {
      const live = target.isConnected
        ? target
        : key
          ? island.querySelector<HTMLElement>(`[data-replay="${CSS.escape(key)}"]`)
          : null;
      live?.click();
    });
  };
  const hydrate = () => {
    hydrated ??= load()
      .then((run) => run())
      .finally(() => island.removeEventListener('click', replay, true));
    return hydrated;
  };
  for (const type of INTENT_EVENTS) island.addEventListener(type, hydrate, { once: true, passive: true });
  island.addEventListener('click', replay, true);
};

export default onInteraction;
