// npm run bench: build, start the production server on a fresh embedded database, then measure
// requests/s and p99 latency per page (autocannon) and the gzip JavaScript each page loads (Chromium).
// Figures, not pass/fail: targets are in README.md and the issue notes.
import { spawn, execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { loadToolEnv } from '../src/lib/env.server.ts';

const { BENCH_PORT: port, BENCH_SECONDS: seconds, CHROMIUM_PATH } = loadToolEnv();
const origin = `http://127.0.0.1:${port}`;
const pages = [
  { name: 'home (pre-rendered)', path: '/' },
  { name: 'blog (pre-rendered)', path: '/blog', reference: true },
  { name: 'shop-all', path: '/shop-all' },
  { name: 'product', path: '/product/1' },
];

if (!process.argv.includes('--no-build')) execSync('npx astro build', { stdio: 'inherit', env: { ...process.env, DATA_DIR: '.astro/build-data' } });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
const server = spawn(process.execPath, ['scripts/serve.mjs'], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ENV_FILE: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => { if (String(chunk).includes('Store ready')) resolve(); });
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

try {
  const results = [];
  for (const page of pages) {
    await fetch(origin + page.path); // warm the route cache
    const run = await autocannon({ url: origin + page.path, connections: 20, duration: seconds });
    results.push({ ...page, rps: run.requests.average, p99: run.latency.p99, non2xx: run.non2xx });
  }
  const reference = results.find((r) => r.reference);

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  for (const result of results) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    let jsBytes = 0;
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] || '';
      if (type.includes('javascript')) jsBytes += gzipSync(await response.body().catch(() => Buffer.alloc(0))).length;
    });
    await page.goto(origin + result.path, { waitUntil: 'networkidle' });
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 50)); }
    });
    await page.waitForLoadState('networkidle');
    result.jsKb = jsBytes / 1024;
    await context.close();
  }
  await browser.close();

  console.log(`\n${'page'.padEnd(22)}${'req/s'.padStart(9)}${'p99 ms'.padStart(9)}${'vs pre-rendered'.padStart(17)}${'JS gzip KB'.padStart(12)}`);
  for (const r of results) {
    console.log(`${r.name.padEnd(22)}${r.rps.toFixed(0).padStart(9)}${String(r.p99).padStart(9)}${`${((r.rps / reference.rps) * 100).toFixed(0)} %`.padStart(17)}${r.jsKb.toFixed(1).padStart(12)}${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ''}`);
  }
  console.log(`\n${seconds} s per page, 20 connections, ${os.cpus().length} cores. Targets: product and listing ≥ 50 % of the pre-rendered page; JS ≤ 80 KB (home, content), ≤ 100 KB (product).`);
} finally {
  server.kill('SIGTERM');
}
