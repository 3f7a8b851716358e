// This process's job engine: features register their jobs (usually when their module loads), the server
// starts the engine with its first request (src/middleware.ts) and stops it on SIGTERM after the requests
// in flight, letting a running job finish within SHUTDOWN_TIMEOUT_MS.
import { rawConnection } from '../../db/client';
import { env } from '../config/env.server';
import { onShutdown } from '../process/shutdown.server';
import { type EngineDatabase, JobEngine, type JobHandler, type JobOptions, type SendOptions } from './engine.server';

const definitions = new Map<string, { handler: JobHandler<never>; options: JobOptions }>();
let engine: JobEngine | undefined;
let starting: Promise<JobEngine> | undefined;
/** Set once the engine has started, cleared when it stops: see jobsStarted(). */
let running = false;

/** Declares a job and the handler that runs it, on every process that starts the engine. */
export function registerJob<T extends object>(name: string, handler: JobHandler<T>, options: JobOptions = {}) {
  definitions.set(name, { handler: handler as JobHandler<never>, options });
  engine?.register({ name, handler, options }).catch((error) => console.error(`Starting job ${name} failed:`, error));
}

/** Queues a job on this process's engine (see SendOptions.tx for sending inside a transaction). */
export async function sendJob<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null> {
  if (!starting) throw new Error(`The job engine is not started: cannot send "${name}".`);
  return (await starting).send(name, data, options);
}

/**
 * Whether this process's engine has started and runs (tests that do not start it get no background work).
 * False while it is still starting: a job sent then inside a transaction would wait for the start, which on
 * PGlite needs the one connection that transaction holds, and neither would ever finish. What is queued
 * meanwhile gets its job from the feature's sweep.
 */
export function jobsStarted(): boolean {
  return running;
}

export async function engineDatabase(): Promise<EngineDatabase> {
  const raw = await rawConnection();
  return raw.kind === 'postgres'
    ? { kind: 'postgres', url: env().DATABASE_URL! }
    : { kind: 'pglite', client: raw.client };
}

/** Starts the engine and every registered job once; a failed start is tried again on the next call. */
export function startJobs(): Promise<JobEngine> {
  starting ??= (async () => {
    const started = new JobEngine(await engineDatabase());
    for (const [name, { handler, options }] of definitions) await started.register({ name, handler, options });
    onShutdown('work', stopJobs);
    engine = started;
    try {
      await started.start();
      running = true;
    } catch (error) {
      engine = undefined;
      await started.stop().catch(() => {});
      throw error;
    }
    return started;
  })().catch((error) => {
    starting = undefined;
    throw error;
  });
  return starting;
}

/** Stops taking jobs; resolves once running jobs have finished or `deadline` (epoch ms) has passed. */
export async function stopJobs(deadline = Date.now() + env().SHUTDOWN_TIMEOUT_MS): Promise<void> {
  const stopping = engine;
  engine = undefined;
  // Jobs still running may queue follow-up jobs until the engine has stopped.
  await stopping?.stop(deadline);
  running = false;
  starting = undefined;
}
