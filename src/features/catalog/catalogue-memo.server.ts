// Catalogue reads kept in this process's memory while the catalogue stays as it was (issue 22: a page
// the route cache did not have read the same ~20 catalogue rows again on every rendering; on the embedded
// database those reads were ~40 % of a product page's cost). Every change that purges the route cache
// also bumps catalogue_version in its own transaction (migration 20261128010000), and each use reads that
// one row first, so a change made by another process, or in a SQL console, is seen as soon as it commits
// (decision 0117-catalogue-reads-kept-per-version).
import { AsyncLocalStorage } from 'node:async_hooks';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { keptByVersion, versionReads } from '../../lib/kept-by-version';

/**
 * What the version does not cover is at most this old in a rendering: 'Frequently bought together'
 * (orders) and a stock count above LOW_STOCK. A page kept by the route cache shows them up to an hour old.
 */
const KEPT_MS = 60_000;

const reads = versionReads(async () => {
  const db = await getDb();
  const [row] = await db.select({ version: t.catalogueVersion.version }).from(t.catalogueVersion);
  // No row (dropped by hand): a version equal to nothing, so nothing is kept.
  return row ? row.version : Symbol('no catalogue version');
});

/** When the request being answered arrived (in the order of version reads). */
const requestArrival = new AsyncLocalStorage<number>();

/**
 * Renders a request (src/middleware.ts): its kept reads share one version read sent after it arrived,
 * with the other requests that arrived meanwhile, instead of one read each.
 */
export const withCatalogueReads = <T>(render: () => T): T => requestArrival.run(reads.mark(), render);

/** The catalogue's version as committed when this request arrived, or now outside a request. */
export const catalogueVersion = () => reads.version(requestArrival.getStore());

/** `load` kept per argument list until the catalogue changes (at most `entries` lists). Callers must not change what it returns. */
export const keptPerCatalogue = <Args extends unknown[], T>(
  load: (...args: Args) => Promise<T>,
  entries: number,
): ((...args: Args) => Promise<T>) => keptByVersion(load, { version: catalogueVersion, entries, maxAgeMs: KEPT_MS });
