// A handle on the route cache (src/server/http/route-cache.server.ts, named in astro.config.mjs) from
// outside requests: catalogue-changes.server.ts purges it when PostgreSQL says the catalogue changed.
// The cache registers itself on globalThis so every copy of this module in the bundle finds it.
const PROVIDER = Symbol.for('vedara.route-cache');
type Invalidate = (options: { tags: string[] }) => Promise<void>;
const registry = globalThis as typeof globalThis & { [PROVIDER]?: { invalidate: Invalidate } };

/** Called by the route cache when Astro creates it. */
export function registerRouteCache(cache: { invalidate: Invalidate } | undefined): void {
  registry[PROVIDER] = cache;
}

/** Drops this process's cached pages that carry any of the tags (nothing to do before the cache exists). */
export async function purgeRouteCache(tags: string[]): Promise<void> {
  await registry[PROVIDER]?.invalidate({ tags });
}

/** For tests: stand in for the route cache. */
export const setRouteCacheForTests = registerRouteCache;
