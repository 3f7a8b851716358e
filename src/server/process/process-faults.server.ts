// What a store process does with an error nothing caught (scripts/serve.mjs installs this before the server
// starts). Nothing ends the process silently:
// - a database fault (connection closed, backend terminated, server unreachable) is weather: logged, and the
//   process carries on; the driver replaces the connection and the next request opens a new one;
// - an unhandled promise rejection is logged and the process carries on (a forgotten catch, not a broken state);
// - any other uncaught exception leaves the process in a state nobody can vouch for: it is logged, requests
//   in flight are finished (the orderly shutdown), and the process exits with code 1 for its supervisor to
//   start it again (docs/deployment.md).
import type { EventEmitter } from 'node:events';
import { describeFault, isDatabaseUnavailable } from '../../lib/database-faults.ts';
import { shutdown } from './shutdown.server.ts';

export interface FaultHandlerOptions {
  /** The process (tests pass an emitter). */
  target?: Pick<EventEmitter, 'on'>;
  exit?: (code: number) => void;
  stop?: () => Promise<void>;
}

export function installFaultHandlers({
  target = process,
  exit = (code) => process.exit(code),
  stop = shutdown,
}: FaultHandlerOptions = {}): void {
  target.on('unhandledRejection', (reason: unknown) => {
    if (isDatabaseUnavailable(reason)) {
      console.error(`A database fault nobody awaited (carrying on): ${describeFault(reason)}`);
    } else {
      console.error('An unhandled promise rejection (carrying on):', reason);
    }
  });
  let exiting = false;
  target.on('uncaughtException', (error: unknown, origin?: string) => {
    if (isDatabaseUnavailable(error)) {
      console.error(`A database fault outside any request (carrying on): ${describeFault(error)}`);
      return;
    }
    console.error(
      `An uncaught exception (${origin ?? 'uncaughtException'}): this process can no longer be trusted; ` +
        'finishing the requests in flight, then exiting with code 1 for the supervisor to restart it.',
      error,
    );
    if (exiting) return;
    exiting = true;
    stop().then(
      () => exit(1),
      () => exit(1),
    );
  });
}
