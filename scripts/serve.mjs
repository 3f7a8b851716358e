// Production start: validated configuration (a bad value stops here, naming the variable), the PGlite
// folder's lock (a second process on the folder stops here, before it listens), then the built server,
// then a readiness check that opens the database so the first shopper does not wait.
// SIGTERM/SIGINT drain it, all within SHUTDOWN_TIMEOUT_MS: requests in flight finish, then the outbox
// sender, then the database closes. An error nothing caught is logged; a database fault is weather (the
// process carries on), anything else drains and exits 1 for the supervisor to restart (docs/deployment.md).
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit } from './load-env.mjs';
import { identityPlaceholders } from '../src/server/config/env.server.ts';
import { drainable } from './http-drain.mjs';
import { holdPgliteFolder } from '../src/db/connection.ts';
import { installFaultHandlers } from '../src/server/process/process-faults.server.ts';
import { onShutdown, shutdown } from '../src/server/process/shutdown.server.ts';
import { serveFastResponses } from './serve/fast-responses.mjs';

const config = loadConfigOrExit();
// A production store still showing the shipped identity: said at start and on every desk page
// (docs/decisions/0082-store-identity.md); under the placeholder GSTIN no invoice is issued.
const placeholders = config.NODE_ENV === 'production' ? identityPlaceholders(config) : [];
if (placeholders.length) {
  console.warn(
    `Warning: the store's identity still has placeholder values: ${placeholders.join(', ')}. Set them before selling (see .env.example).` +
      (placeholders.includes('STORE_GSTIN')
        ? ' No tax invoice is issued, so no order ships, until STORE_GSTIN is set.'
        : ''),
  );
}
// No message provider on a public store: order updates and the cash-on-delivery confirmation link go by
// mail only (decision 0095-message-channels).
const channelsOff = ['WHATSAPP_PROVIDER', 'SMS_PROVIDER'].filter((name) => config[name] === 'off');
if (config.NODE_ENV === 'production' && channelsOff.length) {
  console.warn(
    `Warning: ${channelsOff.join(' and ')} off: no WhatsApp or SMS is sent until the provider's keys are set (see .env.example).`,
  );
}
installFaultHandlers();
if (!config.DATABASE_URL) {
  // The server's database module finds this lock held (and releases it when the database closes).
  await holdPgliteFolder(config).catch((error) => {
    console.error(`The store cannot start: ${error.message}`);
    process.exit(1);
  });
}
Object.assign(process.env, {
  HOST: config.HOST,
  PORT: String(config.PORT),
  ASTRO_TELEMETRY_DISABLED: '1',
  ASTRO_NODE_AUTOSTART: 'disabled',
});
// Precompressed assets, cache headers and on-the-fly compression wrap the standalone server.
serveFastResponses(fileURLToPath(new URL('../dist/client/', import.meta.url)));
const { startServer } = await import('../dist/server/entry.mjs');
const { server } = startServer();
const { drain } = drainable(server.server);
onShutdown('requests', drain);
await untilReady(`http://127.0.0.1:${config.PORT}/api/health`);

async function untilReady(url) {
  const giveUpAt = Date.now() + 120_000;
  let problem = 'no answer';
  while (Date.now() < giveUpAt) {
    try {
      const response = await fetch(url);
      if (response.ok) {
        console.log(`Store ready on http://localhost:${config.PORT}`);
        return;
      }
      const answer = await response.json().catch(() => ({}));
      problem = answer.error ?? `status ${response.status}`;
      if (answer.retry === false) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error(`The store cannot start: ${problem}`);
  await shutdown();
  process.exit(1);
}
