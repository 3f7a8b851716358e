// Requests/s and p99 latency per request (autocannon), after one warm-up request.
// A target with `miss: true` adds a query parameter unique to each request (`?miss=N`), so every
// request misses the route cache and renders: what a new query string, a page after a catalogue change
// or one the cache has let go costs.
import autocannon from 'autocannon';

let missCounter = 0;

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
    await fetch(target.miss ? origin + unique() : request.url, { method: request.method, headers: request.headers });
    const run = await autocannon({
      ...request,
      connections,
      duration: seconds,
      ...(target.miss ? { requests: [{ setupRequest: (req) => ({ ...req, path: unique() }) }] } : {}),
    });
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
