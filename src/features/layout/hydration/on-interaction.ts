// client:interaction: the island hydrates when the shopper first reaches for it (pointer down, focus,
// a key, a mouse resting on it). Until then its server-rendered HTML stands on its own: links and forms
// work natively, and a tap on a plain button is held and replayed once the island is live.
import type { ClientDirective } from 'astro';

const INTENT_EVENTS = ['pointerdown', 'pointerenter', 'focusin', 'keydown', 'touchstart'] as const;

const onInteraction: ClientDirective = (load, _options, island) => {
  let hydrated: Promise<void> | null = null;
  const replay = (event: Event) => {
    const button = (event.target as Element | null)?.closest('button[type="button"]');
    if (!(button instanceof HTMLButtonElement)) return;
    event.preventDefault();
    event.stopPropagation();
    hydrate().then(() => { if (button.isConnected) button.click(); });
  };
  const hydrate = () => {
    hydrated ??= load().then((run) => run()).finally(() => island.removeEventListener('click', replay, true));
    return hydrated;
  };
  for (const type of INTENT_EVENTS) island.addEventListener(type, hydrate, { once: true, passive: true });
  island.addEventListener('click', replay, true);
};

export default onInteraction;
