// Events that wake islands loaded with client:event (./on-event.ts).
export type IslandEvent = 'cart:open' | 'toast:show';

export function announce(event: IslandEvent) {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(event));
}
