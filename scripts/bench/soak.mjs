// What issue 21 asks the bench to show about a store left running: the first 50 concurrent requests after
// a start (cache empty: errors and p99), and a soak — mixed pages at a steady rate for minutes, with the
// server's memory (RSS) read at the start, the middle and the end.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** The server process's resident memory in MB (Linux /proc). */
export function rssMb(pid) {
  const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/**
 * The part of the server's resident memory that is WebAssembly linear memory: the embedded database
 * (PGlite, PostgreSQL compiled to WebAssembly, runs in the store's process). V8 reserves 8 GiB of address
 * space for each such memory and makes only its used start readable and writable, so each one shows in
 * /proc/<pid>/smaps as a read-write mapping directly followed by an inaccessible one, the two together
 * at least 4 GiB; its resident pages are the memory's share of RSS. Its compiled code is not counted.
 */
export function wasmMemoryMb(pid) {
  const mappings = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const range = line.match(/^([0-9a-f]+)-([0-9a-f]+) (\S{4}) /);
    if (range)
      mappings.push({ start: BigInt(`0x${range[1]}`), end: BigInt(`0x${range[2]}`), perms: range[3], rssKb: 0 });
    const rss = line.match(/^Rss:\s+(\d+) kB/);
    if (rss && mappings.length) mappings.at(-1).rssKb = Number(rss[1]);
  }
  let kb = 0;
  for (const [i, mapping] of mappings.entries()) {
    const next = mappings[i + 1];
    const reserved = next && next.start === mapping.end && next.perms.startsWith('---') ? next.end - mapping.start : 0n;
    if (mapping.perms.startsWith('rw') && reserved >= 4n * 2n ** 30n) kb += mapping.rssKb;
  }
  return Math.round(kb / 1024);
}

// What shoppers ask for: pre-rendered pages, catalogue pages from the route cache, products across the
// catalogue, a search, and one request in ten a miss (a query string never seen before).
function mixedPaths(productCount) {
  const products = Array.from({ length: productCount }, (_, n) => `/product/${n + 1}`);
  return ['/', '/shop-all', '/shop-all?sort=price-low', '/search?q=ashwagandha', '/our-story', ...products];
}

let missCounter = 0;

/** 50 connections, one request each, all at once, on a store that has served nothing yet. */
export async function measureColdStart(origin, pid) {
  const paths = ['/shop-all', '/product/1', '/product/2', '/search?q=tulsi', '/'];
  const memoryBefore = rssMb(pid);
  const run = await autocannon({
    url: origin,
    connections: 50,
    amount: 50,
    timeout: 30,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[missCounter++ % paths.length] }) }],
    headers: { 'accept-encoding': 'br, gzip' },
  });
  return {
    requests: run.requests.total,
    errors: run.non2xx + run.errors + run.timeouts,
    p50: run.latency.p50,
    p99: run.latency.p99,
    memory: `${memoryBefore} → ${rssMb(pid)}`,
  };
}

/** Mixed pages at `rate` requests/s for `minutes`; memory at start, middle and end. */
export async function measureSoak(origin, pid, { minutes, rate, productCount = 14 }) {
  const paths = mixedPaths(productCount);
  const pick = () => {
    const path = paths[Math.floor(Math.random() * paths.length)];
    if (Math.random() >= 0.1) return path;
    return `${path}${path.includes('?') ? '&' : '?'}miss=${Date.now().toString(36)}-${(missCounter++).toString(36)}`;
  };
  const memory = { start: rssMb(pid) };
  const half = setTimeout(() => {
    memory.middle = rssMb(pid);
  }, minutes * 30_000);
  const run = await autocannon({
    url: origin,
    connections: 10,
    overallRate: rate,
    duration: minutes * 60,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: [{ setupRequest: (req) => ({ ...req, path: pick() }) }],
  });
  clearTimeout(half);
  memory.end = rssMb(pid);
  memory.wasm = wasmMemoryMb(pid);
  return {
    minutes,
    rate: Math.round(run.requests.average),
    p99: run.latency.p99,
    errors: run.non2xx + run.errors + run.timeouts,
    start: memory.start,
    middle: memory.middle ?? '—',
    end: memory.end,
    wasm: memory.wasm,
  };
}
