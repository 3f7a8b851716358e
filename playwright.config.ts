import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT || 4455);
// E2E_BASE_URL points the suite at a server you already run (e.g. `astro dev`) instead of a fresh build.
const external = process.env.E2E_BASE_URL;
// The server's DATA_DIR, where tests read the mail it "sends" (.eml files). Set once in the runner,
// inherited by the workers. With E2E_BASE_URL, set it to that server's DATA_DIR.
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));

// Specs whose outcome can depend on the database kind under the store (races, locks, transactions
// across requests). CI runs the whole suite on PostgreSQL and these again on the embedded PGlite, the
// database `npm start` uses: `E2E_DATABASE_KIND_ONLY=1 npm run test:e2e`.
const databaseKindSpecs = [
  'checkout.spec.ts',
  'appointment.spec.ts',
  'invoice.spec.ts',
  'rewards.spec.ts',
  'payments.spec.ts',
];
const onlyDatabaseKind = process.env.E2E_DATABASE_KIND_ONLY === '1';

export default defineConfig({
  testDir: 'tests/e2e',
  ...(onlyDatabaseKind ? { testMatch: databaseKindSpecs } : {}),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // E2E_REPORT names a JSON report, from which .ci/run lists the tests that passed only on their retry.
  reporter: process.env.E2E_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_REPORT }]] : [['list']],
  use: {
    baseURL: external || `http://127.0.0.1:${port}`,
    trace: 'off',
    // The shopper who asked for reduced motion (decision 0098): the offers ticker and the home's marquee
    // then stand still instead of repainting every frame of every test (a fifth of the browser's processor
    // time). The specs about motion and about layout (home, layout-islands, no-sideways-scroll,
    // nothing-obscured, accessibility) set `reducedMotion: 'no-preference'`, the default shopper's.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's Chromium headless shell (decision 0091): the same engine without the desktop browser
      // around it, at about half the processor time of /usr/bin/chromium per test.
      executablePath: process.env.E2E_CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: external
    ? undefined
    : {
        command: 'node scripts/e2e-server.mjs',
        url: `http://127.0.0.1:${port}/api/health`,
        timeout: 120_000,
        reuseExistingServer: false,
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          SITE_URL: `http://127.0.0.1:${port}`,
          TRUST_PROXY_HOPS: '1',
          DATA_DIR: process.env.E2E_DATA_DIR,
          STORE_OWNER_EMAILS: 'owner@vedara.test',
          TEST_HOOKS: 'on',
        },
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
