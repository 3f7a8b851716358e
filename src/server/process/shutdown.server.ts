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
 * Runs `hook` when the process stops, in its phase. The hook gets the deadline (epoch ms) by which the
 * whole stop should be over; hooks still running then are abandoned and the process exits anyway.
 */
export function onShutdown(phase: ShutdownPhase, hook: Hook) {
  state.hooks[phase].add(hook);
  installSignalHandlers();
}

/** Runs every phase once (later calls get the same promise). */
export function shutdown(): Promise<void> {
  state.stopping ??= (async () => {
    const deadline = Date.now() + env().SHUTDOWN_TIMEOUT_MS;
    for (const phase of PHASES) {
      const hooks = [...state.hooks[phase]].map(async (hook) => {
        try {
          await hook(deadline);
        } catch (error) {
          console.error(`Shutdown (${phase}) failed:`, error);
        }
      });
      // The database closes even when the work before it overran the deadline.
      const left = phase === 'close' ? 5000 : Math.max(0, deadline - Date.now());
      await Promise.race([Promise.all(hooks), new Promise((resolve) => setTimeout(resolve, left).unref())]);
    }
  })();
  return state.stopping;
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
      shutdown().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
