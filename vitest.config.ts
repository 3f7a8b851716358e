import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/integration/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['tests/setup/fresh-database.ts'],
    // The first test of a file opens (migrates, seeds) its own database: slow on a busy machine.
    hookTimeout: 120_000,
    testTimeout: 90_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
