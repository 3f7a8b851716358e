// Vitest set-up for the database-free project: these files run once per CI run, not once per database,
// so opening the database here is a mistake in where the file lives, and says so.
import { vi } from 'vitest';

vi.mock('../../src/db/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/db/client')>()),
  getDb: () =>
    Promise.reject(
      new Error(
        'This test file opened the database. Name it *.server.test.ts or move it to ' +
          'tests/integration/ so that it runs in the database project (vitest.config.ts) on both databases.',
      ),
    ),
}));
