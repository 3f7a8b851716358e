// Production start: runs the built standalone server, then opens (migrates, seeds) the database
// at once so the first shopper does not wait for it.
import { fileURLToPath } from 'node:url';
import { serveFastResponses } from './serve/fast-responses.mjs';

const port = process.env.PORT || '4321';
process.env.HOST ||= '0.0.0.0';
process.env.ASTRO_TELEMETRY_DISABLED = '1';
// Precompressed assets, cache headers and on-the-fly compression wrap the standalone server.
serveFastResponses(fileURLToPath(new URL('../dist/client/', import.meta.url)));
await import('../dist/server/entry.mjs');
const url = `http://127.0.0.1:${port}/api/health`;
for (let attempt = 0; attempt < 120; attempt++) {
  try {
    const response = await fetch(url);
    if (response.ok) { console.log(`Store ready on http://localhost:${port}`); break; }
    console.error(`Start-up check answered ${response.status}: ${await response.text()}`);
  } catch { /* server not listening yet */ }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
