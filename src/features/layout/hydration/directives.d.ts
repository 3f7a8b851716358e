// The store's own island directives (registered by ./integration.mjs).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the window hears this event (see announce.ts), or 'scroll': the page's first scroll. */
    'client:event'?: import('./announce').IslandEvent | 'scroll';
    /** Hydrate when the shopper first reaches for the island. */
    'client:interaction'?: boolean;
  }
}
