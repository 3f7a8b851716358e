// A fixed-window request limiter kept in memory: enough for one server process (a restart forgets
// it; several processes would each count separately — use a shared store then).

export interface RateLimiter {
  /** Counts one attempt for the key; false once the key used up its window. */
  allow(key: string, now?: number): boolean;
}

export function createRateLimiter({ limit, windowMs, maxKeys = 10_000 }: { limit: number; windowMs: number; maxKeys?: number }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    allow(key, now = Date.now()) {
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) {
        // Bounded memory: drop expired windows when the map grows large.
        if (windows.size >= maxKeys) for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      return window.count <= limit;
    },
  };
}
