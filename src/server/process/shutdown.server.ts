// One orderly stop for the whole process on SIGTERM/SIGINT, in phases: stop taking requests and let
// the ones in flight finish, then let background work (a mail being sent) finish, then close the
// database. scripts/serve.mjs (loaded by Node directly) and the built app (bundled) both import this
// file, so its state lives on globalThis under a registered symbol: both copies share one list.
import { env } from '../config/env.server.ts';

export type ShutdownPhase = 'requests' | 'work' | 'close';
const PHASES: ShutdownPhase[] = ['requests', 'work', 'close'];

type Hook = (deadline: number) => Promise<void> | void;

interface ShutdownState {
  hooks: Record<ShutdownPhase, Set<Hook>>;
  signalsInstalled: boolean;
  stopping?: Promise<void>;
}

const KEY = Symbol.for('vedara.store.shutdown');
const holder = globalThis as typeof globalThis & { [KEY]?: ShutdownState };
holder[KEY] ??= { hooks: { requests: new Set(), work: new Set(), close: new Set() }, signalsInstalled: false };
const state: ShutdownState = holder[KEY];

/**
 * Runs `hook` when the process stops, in its phase. The hook gets the deadline (epoch ms) by which its
 * phase should be over; hooks still running then are abandoned and the process exits anyway.
 */
export function onShutdown(phase: ShutdownPhase, hook: Hook) {
  state.hooks[phase].add(hook);
  installSignalHandlers();
}

/**
 * Of the stop's SHUTDOWN_TIMEOUT_MS, the time kept for closing the database however long the requests and
 * the work took: 2 s, or a quarter of a shorter timeout. The whole stop ends within the timeout, so an
 * orchestrator's grace period just above it is never overrun.
 */
const closeShare = (timeout: number) => Math.min(2000, Math.floor(timeout / 4));

/** Runs every phase once (later calls get the same promise); over within SHUTDOWN_TIMEOUT_MS. */
export function shutdown(): Promise<void> {
  state.stopping ??= (async () => {
    const timeout = env().SHUTDOWN_TIMEOUT_MS;
    const end = Date.now() + timeout;
    const workEnd = end - closeShare(timeout);
    for (const phase of PHASES) {
      // The database closes even when the work before it overran: the requests and the work end earlier.
      const deadline = phase === 'close' ? end : workEnd;
      const hooks = [...state.hooks[phase]].map(async (hook) => {
        try {
          await hook(deadline);
        } catch (error) {
          console.error(`Shutdown (${phase}) failed:`, error);
        }
      });
      const left = Math.max(0, deadline - Date.now());
      await Promise.race([Promise.all(hooks), new Promise((resolve) => setTimeout(resolve, left).unref())]);
    }
  })();
  return state.stopping;
}

/** Stops (shutdown) and ends the process: 0 once every phase is over or abandoned at the timeout. */
export function stopAndExit(exit: (code: number) => void = process.exit): Promise<void> {
  return shutdown().then(
    () => exit(0),
    () => exit(1),
  );
}

function installSignalHandlers() {
  if (state.signalsInstalled || env().VITEST) return;
  state.signalsInstalled = true;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (state.stopping) {
        console.error(`${signal} again: exiting without waiting.`);
        process.exit(1);
      }
      console.info(`${signal}: finishing requests in flight, then stopping.`);
      void stopAndExit();
    });
  }
}
