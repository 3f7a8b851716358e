// Starts the built store on a fresh database for the browser tests (PGlite, or TEST_DATABASE_URL's server).
import { createTestDatabase } from '../tests/setup/test-database.ts';

const env = await createTestDatabase('e2e');
delete process.env.DATABASE_URL;
Object.assign(process.env, env);
await import('./serve.mjs');
