// Starts the built store on a fresh database for the browser tests (PGlite, or TEST_DATABASE_URL's server).
// DATA_DIR comes from the Playwright config, so the tests can read the mail the store writes there.
// A developer's .env is not read: the tests define the store's whole configuration.
import { createTestDatabase } from '../tests/setup/test-database.ts';

const env = await createTestDatabase('e2e');
delete process.env.DATABASE_URL;
Object.assign(process.env, env, process.env.DATA_DIR ? { DATA_DIR: process.env.DATA_DIR } : {}, { ENV_FILE: '' });
await import('./serve.mjs');
