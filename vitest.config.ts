import { defineConfig } from 'vitest/config';
import vitalsReporterUrl from './src/features/vitals/reporter-url.mjs';

// Two projects, so CI runs what needs no database once and the rest once per database:
// - `unit`: pure rules, components and HTTP helpers; opening the database fails the file.
// - `database`: files named *.server.test.ts and tests/integration/**, each on its own copy of a
//   template database migrated and seeded once per run (PGlite, or TEST_DATABASE_URL's PostgreSQL).
const databaseFiles = ['src/**/*.server.test.ts', 'tests/integration/**/*.test.ts'];

export default defineConfig({
  // `virtual:vitals-reporter-url` (the web-vitals boot script imports it), as the build and dev server have it.
  plugins: [vitalsReporterUrl()],
  test: {
    // The first query of a file opens its database copy: slow on a busy machine.
    hookTimeout: 120_000,
    testTimeout: 90_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          exclude: databaseFiles,
          setupFiles: ['tests/setup/no-database.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'database',
          // One process per worker, not per file: tests/setup/fresh-database.ts gives each file its
          // environment, a fresh copy of the store's modules and its own database.
          isolate: false,
          include: databaseFiles,
          globalSetup: ['tests/setup/template-database.ts'],
          setupFiles: ['tests/setup/fresh-database.ts'],
        },
      },
    ],
  },
});
