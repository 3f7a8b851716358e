// Requests/s and p99 latency per request (autocannon), each after WARM_UP_SECONDS of the same load,
// unmeasured: the figures are a running store's, whose code for that path the JIT has compiled (a cold
// process has its own line, the bench's cold start).
// A target with `miss: true` adds a query parameter unique to each request (`?miss=N`), so every
// request misses the route cache and renders: what a new query string, a page after a catalogue change
// or one the cache has let go costs.
import autocannon from 'autocannon';

let missCounter = 0;
export const WARM_UP_SECONDS = 2;

export async function measureThroughput(origin, targets, { seconds, connections = 20 }) {
  const results = [];
  for (const target of targets) {
    const request = {
      url: origin + target.path,
      method: target.method ?? 'GET',
      headers: { 'accept-encoding': 'br, gzip', ...target.headers },
    };
    const separator = target.path.includes('?') ? '&' : '?';
    const unique = () => `${target.path}${separator}miss=${Date.now().toString(36)}-${(missCounter++).toString(36)}`;
    const load = (duration) =>
      autocannon({
        ...request,
        connections,
        duration,
        ...(target.miss ? { requests: [{ setupRequest: (req) => ({ ...req, path: unique() }) }] } : {}),
      });
    await load(WARM_UP_SECONDS);
    const run = await load(seconds);
    // A long query (a server island's encrypted props) is cut to keep the table readable.
    results.push({
      name: target.name,
      path: target.miss ? `${target.path}${separator}miss=N` : target.path.replace(/\?.{40,}$/, '?…'),
      rps: Math.round(run.requests.average),
      p99: run.latency.p99,
      errors: run.non2xx + run.errors,
    });
  }
  return results;
}
