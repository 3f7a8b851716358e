// npm run bench [-- --products 10000] [--no-build] [--no-lighthouse] [--runs 3] [--only home,product]
// [--throughput-only] [--pages-only] [--soak-minutes 10] [--soak-rate auto|40] [--no-soak]
// Builds (unless --no-build), starts the production server (scripts/serve.mjs) on a fresh database and
// prints, one run, as tables: Lighthouse mobile per template (median of --runs), the JavaScript each page
// downloads before the shopper's first interaction (load and a full scroll, no tap), compression and cache headers per asset type, the checkout →
// paid round trip (scripts/bench/payment.mjs), and throughput; before them the first 50 concurrent
// requests after the start, and after them a soak of mixed pages with the server's memory
// (scripts/bench/soak.mjs).
// With --products N: the same throughput on PostgreSQL (BENCH_DATABASE_URL, default the local server)
// with the 14 seeded products and with N generated ones, two stores running side by side. Figures, not pass/fail; the
// targets are printed beside them and quoted in docs/performance.md.
import { execSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { LISTING_PAGE_SIZE } from '../src/features/catalog/catalog.types.ts';
import { loadToolEnv } from '../src/server/config/env.server.ts';
import { createDatabase, generateProducts } from './bench/catalog.mjs';
import { measureHeaders } from './bench/headers.mjs';
import { measureJavaScript } from './bench/javascript.mjs';
import { measureLighthouse } from './bench/lighthouse.mjs';
import { startServer } from './bench/server.mjs';
import { printTable } from './bench/table.mjs';
import { measurePaymentRoundTrip } from './bench/payment.mjs';
import { measureColdStart, measureSoak, rssMb, wasmMemoryMb } from './bench/soak.mjs';
import { measureThroughput, WARM_UP_SECONDS } from './bench/throughput.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string' },
    'no-build': { type: 'boolean' },
    'no-lighthouse': { type: 'boolean' },
    'throughput-only': { type: 'boolean' },
    // Lighthouse, JavaScript and headers only: no checkout, throughput or soak.
    'pages-only': { type: 'boolean' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    'soak-minutes': { type: 'string', default: '10' },
    // 'auto': half of what the machine serves of the soak's mix, from this run's throughput (40 without it).
    'soak-rate': { type: 'string', default: 'auto' },
    'no-soak': { type: 'boolean' },
  },
});
const { BENCH_PORT: port, BENCH_SECONDS: seconds, BENCH_DATABASE_URL, CHROMIUM_PATH } = loadToolEnv(); // --products: this port and the next

// Templates the issue measures. `lighthouse`: one of the main templates Lighthouse measures.
const PAGES = [
  { name: 'home', path: '/', lighthouse: true },
  { name: 'listing', path: '/shop-all', lighthouse: true },
  { name: 'product', path: '/product/1', lighthouse: true },
  { name: 'blog article', path: '/blog/shilajit-the-complete-guide', lighthouse: true },
  { name: 'appointment', path: '/appointment', lighthouse: true },
  { name: 'quiz', path: '/quiz', lighthouse: true },
  { name: 'search', path: '/search?q=ashwagandha', lighthouse: true },
  { name: 'policy', path: '/privacy' },
  { name: 'our story', path: '/our-story' },
];
/** Issue 22 part 3: JavaScript a page may download before the shopper's first interaction (KB gzip). */
const JS_BEFORE_INTERACTION_KB = 30;
const LIGHTHOUSE_PAGES = PAGES.filter(
  (page) => page.lighthouse && (!args.only || args.only.split(',').includes(page.name)),
);
/** The throughput targets that are catalogue pages (the route cache's); the rest are answered fresh anyway. */
const RENDERED_EACH_TIME = [
  'listing',
  'listing, by price',
  'listing, last page',
  'product',
  'search',
  'shop menu island',
];
const THROUGHPUT_COLUMNS = [
  { key: 'name', label: 'request' },
  { key: 'path', label: 'path' },
  { key: 'rps', label: 'req/s' },
  { key: 'p99', label: 'p99 ms' },
  { key: 'errors', label: 'non-2xx' },
];

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
const loadAtStart = loadAverage();
if (!args['no-build']) execSync('npm run build', { stdio: 'inherit' });

const server = await startServer({ port });
try {
  const idleMb = rssMb(server.pid);
  const idleWasmMb = wasmMemoryMb(server.pid);
  printTable(
    `Cold start: the first 50 concurrent requests after the start, nothing cached (listing, two products, a search, home; ms). Memory (RSS MB) idle after start: ${idleMb}, of which the embedded database's WebAssembly memory ${idleWasmMb}`,
    [
      { key: 'requests', label: 'requests' },
      { key: 'errors', label: 'errors' },
      { key: 'p50', label: 'p50' },
      { key: 'p99', label: 'p99' },
      { key: 'memory', label: 'RSS MB' },
    ],
    [await measureColdStart(server.origin, server.pid)],
  );
  if (!args['no-lighthouse'] && !args['throughput-only']) {
    printTable(
      `Lighthouse 12 mobile, median of ${args.runs} runs (targets: score 100, FCP ≤ 0.9 s, LCP ≤ 1.2 s, CLS 0, TBT ≤ 100 ms, nothing render-blocking)`,
      [
        { key: 'name', label: 'page' },
        { key: 'score', label: 'score' },
        { key: 'scores', label: 'runs' },
        { key: 'fcp', label: 'FCP s' },
        { key: 'lcp', label: 'LCP s' },
        { key: 'cls', label: 'CLS' },
        { key: 'tbt', label: 'TBT ms' },
        { key: 'blocking', label: 'render-blocking' },
      ],
      await measureLighthouse(server.origin, LIGHTHOUSE_PAGES, {
        runs: Number(args.runs),
        chromiumPath: CHROMIUM_PATH,
      }),
    );
  }
  if (!args['throughput-only']) await printPageTables();
  if (!args.products && !args['throughput-only'] && !args['pages-only']) {
    printTable(
      'Checkout → paid round trip without JavaScript, built-in test gateway, embedded database (20 shoppers one after another; ms)',
      [
        { key: 'step', label: 'step' },
        { key: 'median', label: 'median' },
        { key: 'p95', label: 'p95' },
      ],
      await measurePaymentRoundTrip(server.origin),
    );
  }
  let throughput = [];
  if (!args.products && !args['pages-only']) {
    throughput = await measureThroughput(server.origin, await throughputTargets(server.origin), { seconds });
    printTable(
      `Throughput, embedded database, 14 products (${seconds} s each after ${WARM_UP_SECONDS} s unmeasured, 20 connections; miss: a query string unique to each request)`,
      THROUGHPUT_COLUMNS,
      throughput,
    );
  }
  if (!args['no-soak'] && !args.products && !args['pages-only']) {
    const minutes = Number(args['soak-minutes']);
    const soak = soakRate(args['soak-rate'], throughput);
    printTable(
      `Soak: mixed pages (one in ten a cache miss) at ${soak.rate} req/s (${soak.why}) for ${minutes} min, embedded database; server memory (RSS MB) at start, middle and end (target: flat), and the embedded database's WebAssembly memory in it at the end (PGlite runs in the store's process)`,
      [
        { key: 'minutes', label: 'min' },
        { key: 'rate', label: 'req/s' },
        { key: 'p99', label: 'p99 ms' },
        { key: 'errors', label: 'errors' },
        { key: 'start', label: 'RSS start' },
        { key: 'middle', label: 'RSS middle' },
        { key: 'end', label: 'RSS end' },
        { key: 'wasm', label: 'of it PGlite' },
      ],
      [await measureSoak(server.origin, server.pid, { minutes, rate: soak.rate })],
    );
  }
} finally {
  await server.stop();
}

/**
 * The soak's rate: as asked, or half of what this machine serves of the soak's mix (nine in ten pages from
 * the cache, one a miss) by this run's throughput of the product page and the listing, hit and miss: a
 * rate it sustains with room to spare, as a store is run, not one that queues.
 */
function soakRate(asked, throughput) {
  if (asked !== 'auto') return { rate: Number(asked), why: 'as asked' };
  const rate = (name) => throughput.find((row) => row.name === name)?.rps ?? 0;
  const hit = (rate('product') + rate('listing')) / 2;
  const miss = (rate('product, miss') + rate('listing, miss')) / 2;
  if (!hit || !miss) return { rate: 40, why: 'no throughput measured in this run' };
  const capacity = 1 / (0.9 / hit + 0.1 / miss);
  return {
    rate: Math.max(1, Math.round(capacity / 2)),
    why: `half the mix's capacity of ${Math.round(capacity)} req/s from this run's hits ${Math.round(hit)} and misses ${Math.round(miss)} req/s`,
  };
}

async function printPageTables() {
  printTable(
    `JavaScript before the first interaction: load and a full scroll, no tap; 390 px Chromium (gzip KB; target ≤ ${JS_BEFORE_INTERACTION_KB}; inline = scripts in the HTML)`,
    [
      { key: 'name', label: 'page' },
      { key: 'path', label: 'path' },
      { key: 'files', label: 'files' },
      { key: 'kb', label: 'KB gzip' },
      { key: 'withinTarget', label: `≤ ${JS_BEFORE_INTERACTION_KB}` },
      { key: 'inlineKb', label: 'inline KB' },
      { key: 'react', label: 'React' },
    ],
    (await measureJavaScript(server.origin, PAGES, { chromiumPath: CHROMIUM_PATH })).map((row) => ({
      ...row,
      withinTarget: row.kb <= JS_BEFORE_INTERACTION_KB ? 'yes' : 'no',
    })),
  );
  printTable(
    'Compression and caching per asset type (sent = with Accept-Encoding: br, gzip; encoding = br request / gzip request)',
    [
      { key: 'type', label: 'asset' },
      { key: 'path', label: 'path' },
      { key: 'status', label: 'status' },
      { key: 'rawKb', label: 'raw KB' },
      { key: 'sentKb', label: 'sent KB' },
      { key: 'encoding', label: 'encoding' },
      { key: 'vary', label: 'Vary' },
      { key: 'cache', label: 'Cache-Control' },
    ],
    await measureHeaders(server.origin),
  );
}

if (args.products) await benchAtScale(Number(args.products));
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average at start ${loadAtStart}, at the end ${loadAverage()} (other processes share the CPUs: a high load slows every figure).`,
);

// ---

async function throughputTargets(origin, lastProductId = 1) {
  // The cart quote: a cart holding two lines, priced by the server on each GET.
  const add = async (cookie, productId) => {
    const response = await fetch(`${origin}/api/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({ intent: 'add', productId, quantity: 1 }),
    });
    return [cookie, ...response.headers.getSetCookie().map((c) => c.split(';')[0])].filter(Boolean).join('; ');
  };
  const cookie = await add(await add('', 1), lastProductId);
  const search =
    (await fetch(`${origin}/search?q=ashwagandha`)).status === 404
      ? []
      : [{ name: 'search', path: '/search?q=ashwagandha' }];
  // A pre-rendered page's view also asks for the layout's server islands once it has loaded (seven on the
  // home page); the shop menu's is the costliest. Pages rendered on request carry the menu in their HTML.
  const island = (await (await fetch(`${origin}/`)).text()).match(
    /fetch\("(\/_server-islands\/ShopMenuContents[^"]+)"/,
  )?.[1];
  return [
    { name: 'home (pre-rendered)', path: '/' },
    { name: 'listing', path: '/shop-all' },
    { name: 'listing, by price', path: '/shop-all?sort=price-low' },
    { name: 'product', path: `/product/${lastProductId}` },
    { name: 'listing, miss', path: '/shop-all', miss: true },
    { name: 'product, miss', path: `/product/${lastProductId}`, miss: true },
    ...search,
    { name: 'cart quote', path: '/api/cart', headers: { cookie } },
    ...(island ? [{ name: 'shop menu island', path: island }] : []),
  ];
}

async function benchAtScale(count) {
  const stores = [];
  try {
    for (const products of [null, count]) {
      const database = await createDatabase(BENCH_DATABASE_URL, products ? 'large' : 'seeded');
      const store = { database, total: 14, port: port + stores.length };
      stores.push(store);
      if (products) {
        // Its first start migrates and seeds; the catalogue grows before the store that is measured starts,
        // so no page was cached from the small catalogue.
        await (await startServer({ port: store.port, databaseUrl: database.url })).stop();
        store.total = await generateProducts(database.url, products);
      }
      store.server = await startServer({ port: store.port, databaseUrl: database.url });
      // The last listing page: as many cards at 10 000 products (page 209: 16) as at 14 (page 1: 14), and
      // every product before them skipped, so the row shows what the catalogue's size costs a page.
      const lastPage = {
        name: 'listing, last page',
        path: `/shop-all?page=${Math.ceil(store.total / LISTING_PAGE_SIZE)}`,
      };
      store.targets = [...(await throughputTargets(store.server.origin, products ? store.total : 1)), lastPage];
    }
    const [small, large] = stores;
    await compareStores(
      small,
      large,
      `Throughput on PostgreSQL: ${small.total} vs ${large.total} products, pages from the route cache`,
    );
    // The same pages rendered on every request: what a page costs the first time it is asked for, after a
    // catalogue change, or once the cache's memory budget (ROUTE_CACHE_MB) has let it go.
    for (const store of stores) {
      await store.server.stop();
      store.server = await startServer({
        port: store.port,
        databaseUrl: store.database.url,
        env: { ROUTE_CACHE_MB: '0' },
      });
    }
    const rendered = (store) => store.targets.filter((target) => RENDERED_EACH_TIME.includes(target.name));
    await compareStores(
      { ...small, targets: rendered(small) },
      { ...large, targets: rendered(large) },
      `Throughput on PostgreSQL: ${small.total} vs ${large.total} products, rendered on every request (ROUTE_CACHE_MB=0)`,
    );
  } finally {
    for (const store of stores) {
      await store.server?.stop();
      await store.database.drop();
    }
  }
}

/**
 * Both stores run side by side and each request is measured on them in the order small, large, large,
 * small (the two runs of each averaged), so a change in the machine's load during the measurement
 * shows in both columns alike instead of in the comparison.
 */
async function compareStores(small, large, title) {
  const rows = [];
  // Product cards on the page: a page of 48 costs more to render than one of 14, whatever the catalogue.
  const cards = async (store, i) => {
    const body = await (
      await fetch(store.server.origin + store.targets[i].path, { headers: store.targets[i].headers })
    ).text();
    return body.match(/<article\b/g)?.length ?? 0;
  };
  for (const [i, target] of small.targets.entries()) {
    const once = async (store) => (await measureThroughput(store.server.origin, [store.targets[i]], { seconds }))[0];
    const first = await once(small);
    const [second, third] = [await once(large), await once(large)];
    const before = averageRuns(first, await once(small));
    const after = averageRuns(second, third);
    rows.push({
      name: target.name,
      cards: `${await cards(small, i)} / ${await cards(large, i)}`,
      smallRps: before.rps,
      smallP99: before.p99,
      largeRps: after.rps,
      largeP99: after.p99,
      rpsChange: percentChange(before.rps, after.rps),
      p99Change: percentChange(before.p99, after.p99),
      errors: before.errors + after.errors,
    });
  }
  printTable(
    `${title}; two runs each in the order small-large-large-small (${seconds} s per run after ${WARM_UP_SECONDS} s unmeasured, 20 connections; target: req/s and p99 within 20 %)`,
    [
      { key: 'name', label: 'request' },
      { key: 'cards', label: `cards @${small.total} / @${large.total}` },
      { key: 'smallRps', label: `req/s @${small.total}` },
      { key: 'smallP99', label: `p99 @${small.total}` },
      { key: 'largeRps', label: `req/s @${large.total}` },
      { key: 'largeP99', label: `p99 @${large.total}` },
      { key: 'rpsChange', label: 'req/s change' },
      { key: 'p99Change', label: 'p99 change' },
      { key: 'errors', label: 'non-2xx' },
    ],
    rows,
  );
}

function averageRuns(a, b) {
  return { rps: Math.round((a.rps + b.rps) / 2), p99: Math.round((a.p99 + b.p99) / 2), errors: a.errors + b.errors };
}

function percentChange(from, to) {
  const change = Math.round(((to - from) / from) * 100);
  return `${change > 0 ? '+' : ''}${change} %`;
}
