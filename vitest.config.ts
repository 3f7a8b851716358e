import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/integration/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['tests/setup/fresh-database.ts'],
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
