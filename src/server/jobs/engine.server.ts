// One job engine (pg-boss) on the store's database: on PostgreSQL through its own small `pg` pool, which
// replaces broken connections after PostgreSQL restarts; on PGlite through pg-boss's PGlite adapter on this
// process's one connection. Its tables come from our migration (20261127040100_job_engine.sql), so it
// starts with `migrate: false`. Features describe jobs; this layer knows nothing about any feature.
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import type { Db } from '../../db/client';
import { repeatedErrorLog } from './repeated-errors';

export interface JobOptions {
  /** Tries after the first failure; then the job is kept as failed and the failure logged. */
  retries?: number;
  /** Wait before the first retry; doubled for each one after it, up to maxRetryDelaySeconds. */
  retryDelaySeconds?: number;
  maxRetryDelaySeconds?: number;
  /** A run still going after this long counts as failed (its process died) and is retried. */
  timeoutSeconds?: number;
  /** At most one waiting and one running job per singleton key (sends while one waits are dropped). */
  singleton?: boolean;
  /** Five-field cron expression in UTC: the engine sends this job on that schedule, once for all processes. */
  cron?: string;
}

export interface RunningJob {
  id: string;
  /** 1 on the first run, 2 on the first retry … */
  attempt: number;
  /** Aborted when the run times out. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, job: RunningJob) => Promise<void>;

export interface JobDefinition<T = unknown> {
  name: string;
  handler: JobHandler<T>;
  options: JobOptions;
}

export interface SendOptions {
  /**
   * The caller's transaction (or database handle): the job is queued only if it commits. Inside a
   * transaction this is required on PGlite, whose single connection the transaction holds.
   */
  tx?: Pick<Db, 'execute'>;
  startAfter?: Date;
  /** With `singleton`: jobs with the same key are deduplicated (each key has its own slot). */
  singletonKey?: string;
}

export type EngineDatabase = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };

export interface EngineTuning {
  /** How often an idle worker looks for due jobs. */
  pollingSeconds?: number;
  /** How often scheduled (cron) jobs are checked. */
  cronSeconds?: number;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

const DEFAULTS = { retries: 5, retryDelaySeconds: 30, maxRetryDelaySeconds: 3600, timeoutSeconds: 15 * 60 } as const;
/** Connections the engine opens per process on PostgreSQL, besides DATABASE_POOL_SIZE. */
const ENGINE_POOL_SIZE = 3;

export class JobEngine {
  readonly #boss: PgBoss;
  readonly #jobs = new Map<string, JobDefinition>();
  readonly #pollingSeconds: number;
  #started?: Promise<void>;
  #running = false;

  constructor(database: EngineDatabase, { pollingSeconds = 2, cronSeconds = 5 }: EngineTuning = {}) {
    const connection =
      database.kind === 'postgres'
        ? { connectionString: database.url, max: ENGINE_POOL_SIZE, application_name: 'store-jobs' }
        : { db: fromPglite(database.client) };
    this.#boss = new PgBoss({
      ...connection,
      schema: 'pgboss',
      migrate: false,
      cronWorkerIntervalSeconds: cronSeconds,
      cronMonitorIntervalSeconds: Math.min(cronSeconds, 30),
    });
    this.#pollingSeconds = pollingSeconds;
    // A lost connection or a failed maintenance run is reported here; pg-boss carries on (and reconnects).
    const log = repeatedErrorLog((line) => console.error(`Job engine: ${line}`));
    this.#boss.on('error', (error: Error) => log(error.message));
  }

  /** Adds a job; before start() it starts with the engine, after it at once. */
  register<T>(definition: JobDefinition<T>): Promise<void> {
    this.#jobs.set(definition.name, definition as JobDefinition);
    return this.#started ? this.#started.then(() => this.#activate(definition as JobDefinition)) : Promise.resolve();
  }

  /** Starts the engine and every registered job's worker and schedule. */
  start(): Promise<void> {
    this.#started ??= (async () => {
      await this.#boss.start();
      for (const definition of this.#jobs.values()) await this.#activate(definition);
      this.#running = true;
    })();
    return this.#started;
  }

  get started(): boolean {
    return this.#started !== undefined;
  }

  /** Queues a job; resolves to its id, or null when a singleton job with that key is already waiting. */
  async send<T extends object>(
    name: string,
    data: T,
    { tx, startAfter, singletonKey }: SendOptions = {},
  ): Promise<string | null> {
    if (!this.#started) throw new Error(`The job engine is not started: cannot send "${name}".`);
    // A transaction cannot wait for the start: on PGlite the start needs the one connection it holds.
    if (tx && !this.#running)
      throw new Error(`The job engine is still starting: cannot send "${name}" in a transaction.`);
    await this.#started;
    // fromDrizzle only calls execute(); its parameter type expects a narrower result type than Db's.
    const db = tx ? fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) : undefined;
    return this.#boss.send(name, data, { startAfter, singletonKey, db });
  }

  /** Where a job stands (for tests and the desk); null once it was removed after its retention. */
  async state(name: string, id: string): Promise<JobState | null> {
    const [job] = await this.#boss.findJobs(name, { id });
    return job?.state ?? null;
  }

  /** Stops taking jobs and waits for running ones until `deadline` (epoch ms); unfinished ones are retried later. */
  async stop(deadline = Date.now() + 10_000): Promise<void> {
    if (!this.#started) return;
    await this.#started.catch(() => {});
    await this.#boss.stop({ graceful: true, close: true, timeout: Math.max(1000, deadline - Date.now()) });
  }

  async #activate({ name, handler, options }: JobDefinition) {
    const { retries, retryDelaySeconds, maxRetryDelaySeconds, timeoutSeconds } = { ...DEFAULTS, ...options };
    const retry = {
      retryLimit: retries,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: timeoutSeconds,
    };
    // createQueue keeps an existing queue as it is; the retry settings follow the code.
    await this.#boss.createQueue(name, {
      ...retry,
      retryDelayMax: maxRetryDelaySeconds,
      policy: options.singleton ? 'stately' : 'standard',
    });
    await this.#boss.updateQueue(name, retry);
    if (options.cron) await this.#boss.schedule(name, options.cron, {}, { tz: 'UTC' });
    await this.#boss.work(
      name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.#pollingSeconds },
      async ([job]) => {
        try {
          await handler(job.data, { id: job.id, attempt: job.retryCount + 1, signal: job.signal });
        } catch (error) {
          const givingUp = job.retryCount >= job.retryLimit;
          console.error(
            `Job ${name} ${job.id} failed (attempt ${job.retryCount + 1} of ${job.retryLimit + 1}${givingUp ? ', giving up' : ''}):`,
            (error as Error).message ?? error,
          );
          throw error;
        }
      },
    );
  }
}
