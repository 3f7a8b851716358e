// Requests/s and p99 latency per request (autocannon), after one warm-up request.
import autocannon from 'autocannon';

export async function measureThroughput(origin, targets, { seconds, connections = 20 }) {
  const results = [];
  for (const target of targets) {
    const request = {
      url: origin + target.path,
      method: target.method ?? 'GET',
      headers: { 'accept-encoding': 'br, gzip', ...target.headers },
    };
    await fetch(request.url, { method: request.method, headers: request.headers });
    const run = await autocannon({ ...request, connections, duration: seconds });
    // A long query (a server island's encrypted props) is cut to keep the table readable.
    results.push({
      name: target.name,
      path: target.path.replace(/\?.{40,}$/, '?…'),
      rps: Math.round(run.requests.average),
      p99: run.latency.p99,
      errors: run.non2xx + run.errors,
    });
  }
  return results;
}
