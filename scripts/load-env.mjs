// Start-up configuration shared by the server and the migration step: `.env` (or ENV_FILE; empty to
// skip) fills what the real environment leaves unset, then every variable is validated once.
import { existsSync } from 'node:fs';
import { ConfigurationError, loadEnv } from '../src/server/config/env.server.ts';

/** The validated configuration, or exit(1) with a message naming every bad variable. */
export function loadConfigOrExit() {
  const file = process.env.ENV_FILE ?? '.env';
  if (file && existsSync(file)) process.loadEnvFile(file);
  try {
    return loadEnv();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(`${error.message}\nSee .env.example for every variable and its default.`);
    process.exit(1);
  }
}
