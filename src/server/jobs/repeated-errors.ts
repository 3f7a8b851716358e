// The job engine reports one error per queue per poll while its database is away (8 queues every 2 s):
// an operator needs to read that the database is gone, once, and when it came back — not 240 lines a
// minute. The same message (worker ids aside) is logged the first time, then at most once a minute with
// how many times it repeated. Pure: the clock and the writer are passed in.

export type RepeatedErrorLog = (message: string) => void;

const WORKER_DETAIL = /\s*\((?:Queue: [^,)]*, )?Worker: [^)]*\)$/;

export function repeatedErrorLog(
  write: (line: string) => void,
  { windowMs = 60_000, now = Date.now }: { windowMs?: number; now?: () => number } = {},
): RepeatedErrorLog {
  const seen = new Map<string, { loggedAt: number; repeats: number }>();
  return (message) => {
    const key = message.replace(WORKER_DETAIL, '');
    const at = now();
    const entry = seen.get(key);
    if (!entry) {
      seen.set(key, { loggedAt: at, repeats: 0 });
      write(key);
      return;
    }
    if (at - entry.loggedAt < windowMs) {
      entry.repeats++;
      return;
    }
    write(
      entry.repeats > 0
        ? `${key} (${entry.repeats + 1} times in the last ${Math.round((at - entry.loggedAt) / 1000)} s)`
        : key,
    );
    entry.loggedAt = at;
    entry.repeats = 0;
    // Old messages are forgotten so the map cannot grow without bound.
    for (const [other, value] of seen) if (at - value.loggedAt > 10 * windowMs) seen.delete(other);
  };
}
