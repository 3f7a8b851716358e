// `npm run db:migrate`: applies pending SQL migrations to DATABASE_URL's PostgreSQL (or the PGlite
// folder under DATA_DIR, while no server holds it). Safe to run from several hosts at once.
import path from 'node:path';
import { loadConfigOrExit } from './load-env.mjs';
import { openConnection } from '../src/db/connection.ts';
import { applyMigrations } from '../src/db/migrate.ts';

const config = loadConfigOrExit();
const connection = await openConnection(config).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
try {
  const applied = await applyMigrations(connection.runner, path.resolve(config.MIGRATIONS_DIR));
  console.log(
    applied.length
      ? `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}`
      : 'The database is up to date.',
  );
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await connection.close();
}
