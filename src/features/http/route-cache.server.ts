// The store's route cache (Astro's memory cache, purged across processes: catalog/route-cache.ts), with the
// HTTP boundary's per-request headers applied to what it serves.
// The route cache answers a hit before src/middleware.ts runs, so without this a cached catalogue page
// would go out with the headers of whoever first caused it to be rendered (no HSTS over https, a public
// Cache-Control for a visitor who has a session).
import type { CacheProvider, CacheProviderFactory } from 'astro';
import routeCache from '../catalog/route-cache';
import { finishResponse } from './boundary.server';

const storeRouteCache: CacheProviderFactory = (config) => {
  const memory: CacheProvider = routeCache(config);
  const onRequest = memory.onRequest?.bind(memory);
  if (!onRequest) return memory;
  return {
    ...memory,
    name: 'store-memory',
    async onRequest(context, next) {
      const response = await onRequest(context, next);
      if (!response.headers.has('x-astro-cache')) return response; // rendered just now: the middleware ran
      return finishResponse({ request: context.request, url: context.url, pendingCookies: 0 }, response);
    },
  };
};

export default storeRouteCache;
