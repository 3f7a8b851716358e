// npm run bench [-- --products 10000] [--no-build] [--no-lighthouse] [--runs 3] [--only home,product]
// Builds (unless --no-build), starts the production server (scripts/serve.mjs) on a fresh database and
// prints, one run, as tables: Lighthouse mobile per template (median of --runs), the JavaScript each page
// downloads after load and a full scroll, compression and cache headers per asset type, and throughput.
// With --products N: the same throughput on PostgreSQL (BENCH_DATABASE_URL, default the local server)
// with the 14 seeded products and with N generated ones, side by side. Figures, not pass/fail; the
// targets are printed beside them and quoted in README.md.
import { execSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { loadToolEnv } from '../src/lib/env.server.ts';
import { createDatabase, generateProducts } from './bench/catalog.mjs';
import { measureHeaders } from './bench/headers.mjs';
import { measureJavaScript } from './bench/javascript.mjs';
import { measureLighthouse } from './bench/lighthouse.mjs';
import { startServer } from './bench/server.mjs';
import { printTable } from './bench/table.mjs';
import { measureThroughput } from './bench/throughput.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string' }, 'no-build': { type: 'boolean' }, 'no-lighthouse': { type: 'boolean' }, runs: { type: 'string', default: '3' }, only: { type: 'string' },
  },
});
const { BENCH_PORT: port, BENCH_SECONDS: seconds, BENCH_DATABASE_URL, CHROMIUM_PATH } = loadToolEnv();

// Templates the issue measures, with the JavaScript budget of each (KB gzip after load and full scroll).
// `lighthouse`: one of the main templates Lighthouse measures.
const PAGES = [
  { name: 'home', path: '/', jsBudgetKb: 80, lighthouse: true },
  { name: 'listing', path: '/shop-all', jsBudgetKb: 80, lighthouse: true },
  { name: 'product', path: '/product/1', jsBudgetKb: 90, lighthouse: true },
  { name: 'blog article', path: '/blog/shilajit-the-complete-guide', jsBudgetKb: 30, lighthouse: true },
  { name: 'appointment', path: '/appointment', jsBudgetKb: 80, lighthouse: true },
  { name: 'quiz', path: '/quiz', jsBudgetKb: 80, lighthouse: true },
  { name: 'search', path: '/search?q=ashwagandha', jsBudgetKb: 80, lighthouse: true },
  { name: 'policy', path: '/privacy', jsBudgetKb: 30 },
  { name: 'our story', path: '/our-story', jsBudgetKb: 30 },
];
const LIGHTHOUSE_PAGES = PAGES.filter((page) => page.lighthouse && (!args.only || args.only.split(',').includes(page.name)));
const THROUGHPUT_COLUMNS = [{ key: 'name', label: 'request' }, { key: 'path', label: 'path' }, { key: 'rps', label: 'req/s' }, { key: 'p99', label: 'p99 ms' }, { key: 'errors', label: 'non-2xx' }];

const loadAverage = () => os.loadavg().map((value) => value.toFixed(1)).join(' / ');
const loadAtStart = loadAverage();
if (!args['no-build']) execSync('npm run build', { stdio: 'inherit' });

const server = await startServer({ port });
try {
  if (!args['no-lighthouse']) {
    printTable(`Lighthouse 12 mobile, median of ${args.runs} runs (targets: score ≥ 95, LCP ≤ 2.0 s, CLS ≤ 0.02, TBT ≤ 100 ms, one small render-blocking CSS)`, [
      { key: 'name', label: 'page' }, { key: 'score', label: 'score' }, { key: 'scores', label: 'runs' }, { key: 'fcp', label: 'FCP s' },
      { key: 'lcp', label: 'LCP s' }, { key: 'cls', label: 'CLS' }, { key: 'tbt', label: 'TBT ms' }, { key: 'blocking', label: 'render-blocking' },
    ], await measureLighthouse(server.origin, LIGHTHOUSE_PAGES, { runs: Number(args.runs), chromiumPath: CHROMIUM_PATH }));
  }
  printTable('JavaScript after load and a full scroll, 390 px Chromium (gzip KB; inline = scripts in the HTML)', [
    { key: 'name', label: 'page' }, { key: 'path', label: 'path' }, { key: 'files', label: 'files' }, { key: 'kb', label: 'KB gzip' },
    { key: 'budget', label: 'budget' }, { key: 'inlineKb', label: 'inline KB' }, { key: 'react', label: 'React' },
  ], await measureJavaScript(server.origin, PAGES, { chromiumPath: CHROMIUM_PATH }));
  printTable('Compression and caching per asset type (sent = with Accept-Encoding: br, gzip; encoding = br request / gzip request)', [
    { key: 'type', label: 'asset' }, { key: 'path', label: 'path' }, { key: 'status', label: 'status' }, { key: 'rawKb', label: 'raw KB' },
    { key: 'sentKb', label: 'sent KB' }, { key: 'encoding', label: 'encoding' }, { key: 'vary', label: 'Vary' }, { key: 'cache', label: 'Cache-Control' },
  ], await measureHeaders(server.origin));
  if (!args.products) {
    printTable(`Throughput, embedded database, 14 products (${seconds} s each, 20 connections)`, THROUGHPUT_COLUMNS,
      await measureThroughput(server.origin, await throughputTargets(server.origin), { seconds }));
  }
} finally {
  await server.stop();
}

if (args.products) await benchAtScale(Number(args.products));
console.log(`\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average at start ${loadAtStart}, at the end ${loadAverage()} (other processes share the CPUs: a high load slows every figure).`);

// ---

async function throughputTargets(origin, lastProductId = 1) {
  // The cart quote: a cart holding two lines, priced by the server on each GET.
  const add = async (cookie, productId) => {
    const response = await fetch(`${origin}/api/cart`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin, cookie }, body: JSON.stringify({ intent: 'add', productId, quantity: 1 }),
    });
    return [cookie, ...response.headers.getSetCookie().map((c) => c.split(';')[0])].filter(Boolean).join('; ');
  };
  const cookie = await add(await add('', 1), lastProductId);
  const search = (await fetch(`${origin}/search?q=ashwagandha`)).status === 404 ? [] : [{ name: 'search', path: '/search?q=ashwagandha' }];
  return [
    { name: 'home (pre-rendered)', path: '/' },
    { name: 'listing', path: '/shop-all' },
    // Page 1 of a price sort: a full page with 14 products as with 10 000 (page 2 of 14 holds two cards).
    { name: 'listing, by price', path: '/shop-all?sort=price-low' },
    { name: 'product', path: `/product/${lastProductId}` },
    ...search,
    { name: 'cart quote', path: '/api/cart', headers: { cookie } },
  ];
}

async function benchAtScale(count) {
  const serverUrl = BENCH_DATABASE_URL;
  const phases = [];
  for (const products of [null, count]) {
    const database = await createDatabase(serverUrl, products ? 'large' : 'seeded');
    try {
      let running = await startServer({ port, databaseUrl: database.url });
      let total = 14;
      if (products) {
        // Grown behind the server's back, so restart it: no page was cached from the small catalogue.
        await running.stop();
        total = await generateProducts(database.url, products);
        running = await startServer({ port, databaseUrl: database.url });
      }
      try {
        phases.push({ total, rows: await measureThroughput(running.origin, await throughputTargets(running.origin, products ? total : 1), { seconds }) });
      } finally {
        await running.stop();
      }
    } finally {
      await database.drop();
    }
  }
  const [small, large] = phases;
  printTable(`Throughput on PostgreSQL: ${small.total} vs ${large.total} products (${seconds} s each, 20 connections; req/s and p99 ms)`, [
    { key: 'name', label: 'request' }, { key: 'smallRps', label: `req/s @${small.total}` }, { key: 'smallP99', label: `p99 @${small.total}` },
    { key: 'largeRps', label: `req/s @${large.total}` }, { key: 'largeP99', label: `p99 @${large.total}` }, { key: 'errors', label: 'non-2xx' },
  ], small.rows.map((row, i) => ({
    name: row.name, smallRps: row.rps, smallP99: row.p99, largeRps: large.rows[i]?.rps, largeP99: large.rows[i]?.p99,
    errors: row.errors + (large.rows[i]?.errors ?? 0),
  })));
}
