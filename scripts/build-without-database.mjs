// `npm run test:build`: the build the browser tests serve, made as a CDN build would be, with no database:
// DATABASE_URL empty (so the embedded database is the only one it could open) and DATA_DIR a folder that
// does not exist. Opening that database, or keeping anything else in DATA_DIR (a generated secret,
// uploads), creates the folder; finding it afterwards fails the suite. One build, no extra time.
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const parent = mkdtempSync(path.join(os.tmpdir(), 'store-build-'));
const dataDir = path.join(parent, 'data');
try {
  execSync('astro build', {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, ENV_FILE: '' },
  });
  if (existsSync(dataDir)) {
    console.error(
      `\nThe build used DATA_DIR (${dataDir} now holds: ${readdirSync(dataDir).join(', ') || 'an empty folder'}).` +
        '\n`npm run build` must need no database: read layout data in a server island or an API route, not at build time.',
    );
    process.exit(1);
  }
  console.log('Built without a database (DATA_DIR untouched, no DATABASE_URL).');
} finally {
  rmSync(parent, { recursive: true, force: true });
}
