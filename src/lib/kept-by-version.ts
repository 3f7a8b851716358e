// Reads kept in a process's memory for as long as a version the database holds stands (the catalogue's:
// features/catalog/catalogue-memo.server.ts). Nothing is trusted from memory alone: each use reads the
// version first, so a change another process committed is seen at once.

/**
 * Version reads shared by everything that asks for the version at about the same time. A read answers a
 * caller only if it was sent after the caller's `since` (a request's arrival, from `mark()`): a read sent
 * earlier may predate a change the caller has seen committed. So one request's several reads cost one,
 * requests arriving while a read runs share the next one, and at most one read runs and one waits.
 */
export function versionReads<V>(read: () => Promise<V>) {
  /** Orders marks and reads: a read with a higher number was sent after the mark. */
  let clock = 0;
  let latest: { sentAt: number; value: Promise<V> } | undefined;
  let running: Promise<unknown> | undefined;
  let waiting: Promise<V> | undefined;
  const send = (): Promise<V> => {
    const entry = { sentAt: ++clock, value: read() };
    latest = entry;
    running = entry.value.then(
      () => {
        running = undefined;
      },
      () => {
        running = undefined;
        if (latest === entry) latest = undefined; // a failed read answers nobody else
      },
    );
    return entry.value;
  };
  const afterRunning = (): Promise<V> => {
    waiting ??= (running as Promise<unknown>).then(() => {
      waiting = undefined;
      return running ? afterRunning() : send();
    });
    return waiting;
  };
  return {
    /** A point in the order of reads: reads sent after it see every change committed before it. */
    mark: () => ++clock,
    /** The version as a read sent after `since` (default: now) found it. */
    version(since = ++clock): Promise<V> {
      if (latest && latest.sentAt > since) return latest.value;
      return running ? afterRunning() : send();
    },
  };
}

export interface KeptOptions<V> {
  /** The version the kept values belong to (read afresh for every call). */
  version: () => Promise<V>;
  /** How many argument lists are kept; the least recently used goes first. */
  entries: number;
  /** A kept value is read again after this long even if the version stands (parts the version does not cover). */
  maxAgeMs: number;
  now?: () => number;
}

/**
 * `load` kept per argument list (compared as JSON) until the version changes or maxAgeMs passes. Callers
 * that ask while a load is under way share it; a failed load is not kept. The value is shared by every
 * caller: they must not change it.
 */
export function keptByVersion<Args extends unknown[], T, V>(
  load: (...args: Args) => Promise<T>,
  { version, entries, maxAgeMs, now = Date.now }: KeptOptions<V>,
): (...args: Args) => Promise<T> {
  const kept = new Map<string, { version: V; loadedAt: number; value: Promise<T> }>();
  return async (...args) => {
    const current = await version();
    const key = JSON.stringify(args);
    const found = kept.get(key);
    kept.delete(key);
    if (found && found.version === current && now() - found.loadedAt < maxAgeMs) {
      kept.set(key, found);
      return found.value;
    }
    const entry = { version: current, loadedAt: now(), value: load(...args) };
    kept.set(key, entry);
    if (kept.size > entries) kept.delete(kept.keys().next().value as string);
    entry.value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return entry.value;
  };
}
