// Astro's in-memory route cache (astro.config.mjs names this module as the cache provider), with a
// handle outside requests: catalogue-changes.server.ts purges it when PostgreSQL says the catalogue
// changed. The provider lives on globalThis so every copy of this module in the bundle finds it.
import memoryProvider, { type MemoryCacheProviderOptions } from 'astro/cache/memory';

const PROVIDER = Symbol.for('vedara.route-cache');
type Invalidate = (options: { tags: string[] }) => Promise<void>;
const registry = globalThis as typeof globalThis & { [PROVIDER]?: { invalidate: Invalidate } };

export default function routeCache(config: MemoryCacheProviderOptions | undefined) {
  const provider = memoryProvider(config);
  registry[PROVIDER] = provider;
  return provider;
}

/** Drops this process's cached pages that carry any of the tags (nothing to do before the cache exists). */
export async function purgeRouteCache(tags: string[]): Promise<void> {
  await registry[PROVIDER]?.invalidate({ tags });
}

/** For tests: stand in for Astro's provider. */
export function setRouteCacheForTests(provider: { invalidate: Invalidate } | undefined): void {
  registry[PROVIDER] = provider;
}
