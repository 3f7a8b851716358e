// In src/server because sign-in, order links and unsubscribe links all key from this one secret, and
// none of those features should have to import another to read it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../db/client';
import { env } from './config/env.server';

/** AUTH_SECRET, or one generated once and kept in DATA_DIR so sessions survive restarts. */
export function authSecret(): string {
  const configured = env().AUTH_SECRET;
  if (configured) return configured;
  const file = path.join(dataDir(), 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir(), { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
