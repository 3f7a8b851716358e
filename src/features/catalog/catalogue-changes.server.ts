// Keeps every server process's route cache true to the catalogue. Triggers on the catalogue tables
// (migration 20261125050100) NOTIFY 'catalog_changed' on commit with the cache tag to purge; each
// process LISTENs once and purges that tag in its own cache. Nothing here polls on a timer.
import { listen } from '../../db/client';
import { isDatabaseUnavailable } from '../../lib/database-faults';
import { purgeRouteCache } from '../../server/http/route-cache-handle';

export const CATALOG_CHANNEL = 'catalog_changed';
export const CATALOG_TAG = 'catalog';

/** 'catalog' or 'product:12'; anything else is ignored (the channel is not an input for clients, but be strict). */
export function tagsFromPayload(payload: string): string[] {
  return /^(catalog|product:\d{1,10})$/.test(payload) ? [payload] : [];
}

let listening: Promise<void> | undefined;

/** Starts this process's listener once; resolves when it listens. */
export function startCatalogueListener(): Promise<void> {
  listening ??= listen(CATALOG_CHANNEL, {
    onNotify: (payload) => {
      const tags = tagsFromPayload(payload);
      if (tags.length) purgeRouteCache(tags).catch((error) => console.error('Purging the route cache failed', error));
    },
    // Pages cached before listening (or while a connection was down) may be stale: drop them all.
    onListen: () => {
      purgeRouteCache([CATALOG_TAG]).catch((error) => console.error('Purging the route cache failed', error));
    },
  }).catch((error) => {
    listening = undefined;
    // While the database is out of reach every request tries again; the pages' 503s are logged already.
    if (!isDatabaseUnavailable(error)) console.error('Listening for catalogue changes failed', error);
  });
  return listening;
}
