// Database faults are weather: a closed connection, a terminated backend, a server restarting or out of
// reach. Such an error means "try again shortly", not "this request is wrong" and not "this process is
// broken". Plain module (Node loads it directly from scripts/serve.mjs): no imports.

/** Socket and driver codes (Node, postgres.js) of a connection that is gone or cannot be made. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
]);

/** SQLSTATEs of the server going away: connection exceptions (class 08), shutdowns, too many connections. */
const isUnavailableState = (code: string) =>
  /^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-4]$/.test(code) || code === '53300';

/** Whether `error` (or what it wraps: Drizzle's query error, an AggregateError of addresses) is a database fault. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || isUnavailableState(code))) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}

/** Seconds a client is asked to wait before trying again while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 30;

/** One line for the log: the code and message, never the query or its parameters. */
export function describeFault(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return `${code}${typeof message === 'string' ? `: ${message.split('\n')[0]}` : ''}`;
    if (e instanceof AggregateError && e.errors.length) e = e.errors[0];
    else e = (e as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.message.split('\n')[0] : String(error);
}

let lastRetryLogged = 0;

/**
 * Runs `work`, and once more if it failed on a database fault (a connection closed under it). Only for
 * work that is safe to repeat: placing an order is, by its idempotency key (a first try that committed
 * before its connection dropped is found, not placed twice).
 */
export async function onceMoreAfterFault<T>(work: () => Promise<T>, pauseMs = 300): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // Every page view is tried again while the database is away: one line in the log, then one every 10 s.
    if (Date.now() - lastRetryLogged >= 10_000) {
      lastRetryLogged = Date.now();
      console.warn(`Trying once more after a database fault: ${describeFault(error)}`);
    }
    // A restart closes every connection of the pool at once: a moment for the driver to notice them all,
    // so the second try gets a new connection rather than the next dead one.
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    return work();
  }
}
