import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const path of process.argv.slice(2)) {
  const ctx = await b.newContext({ viewport: { width: 390, height: 844 } });
  const p = await ctx.newPage();
  const files = [];
  p.on('response', async (r) => { if ((r.headers()['content-type'] || '').includes('javascript')) { const body = await r.body().catch(() => Buffer.alloc(0)); files.push([r.url().split('/').pop(), gzipSync(body).length]); } });
  await p.goto('http://127.0.0.1:4460' + path, { waitUntil: 'networkidle' });
  await p.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 50)); } });
  await p.waitForLoadState('networkidle');
  files.sort((a, b) => b[1] - a[1]);
  console.log('==', path, (files.reduce((s, f) => s + f[1], 0) / 1024).toFixed(1), 'KB');
  for (const [n, s] of files) console.log('   ', (s / 1024).toFixed(1), n);
  await ctx.close();
}
await b.close();
