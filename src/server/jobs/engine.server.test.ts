// The job engine on this run's database (PGlite, or PostgreSQL with TEST_DATABASE_URL): what a feature
// relies on when it hands work to the background — each job runs once, failures are retried with a
// growing wait and then given up where staff can see it, engines on several processes share the work
// without doing any of it twice, schedules fire, and a stopping process finishes the job it is running.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../db/client';
import { JobEngine } from './engine.server';
import { engineDatabase } from './jobs.server';

const engines: JobEngine[] = [];
async function engine(tuning = {}) {
  await getDb(); // the migrated database, with the engine's tables
  const created = new JobEngine(await engineDatabase(), { pollingSeconds: 0.5, cronSeconds: 1, ...tuning });
  engines.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop()));
  vi.restoreAllMocks();
});

/** A job's state, read from the database (also after its engine stopped). */
async function stateOf(id: string | null) {
  const db = await getDb();
  const result = (await db.execute(sql`select state from pgboss.job where id = ${id}`)) as unknown as
    | { state: string }[]
    | { rows: { state: string }[] };
  return (Array.isArray(result) ? result : result.rows)[0]?.state;
}

const polls = { timeout: 20_000, interval: 100 };

describe('job engine', () => {
  it('runs a registered job once per send, with the data it was sent', async () => {
    const jobs = await engine();
    const runs: string[] = [];
    await jobs.register<{ order: string }>({
      name: 'test.once',
      handler: async ({ order }) => {
        runs.push(order);
      },
      options: {},
    });
    await jobs.start();
    const ids = [await jobs.send('test.once', { order: 'A-1' }), await jobs.send('test.once', { order: 'A-2' })];
    await expect.poll(async () => Promise.all(ids.map(stateOf)), polls).toEqual(['completed', 'completed']);
    expect(runs.sort()).toEqual(['A-1', 'A-2']);
  });

  it('retries a failing job with a growing wait, then gives up and says so', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const jobs = await engine();
    const tries: { attempt: number; at: number }[] = [];
    await jobs.register({
      name: 'test.failing',
      options: { retries: 2, retryDelaySeconds: 1 },
      handler: async (_data, { attempt }) => {
        tries.push({ attempt, at: Date.now() });
        throw new Error('gateway unreachable');
      },
    });
    await jobs.start();
    const id = await jobs.send('test.failing', {});
    await expect.poll(() => stateOf(id), polls).toBe('failed');
    expect(tries.map((t) => t.attempt)).toEqual([1, 2, 3]);
    // pg-boss waits retryDelay × 2^n plus up to as much again at random: 1–2 s, then 2–4 s.
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(950);
    expect(tries[2].at - tries[1].at).toBeGreaterThanOrEqual(1950);
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([
      `Job test.failing ${id} failed (attempt 1 of 3):`,
      `Job test.failing ${id} failed (attempt 2 of 3):`,
      `Job test.failing ${id} failed (attempt 3 of 3, giving up):`,
    ]);
    expect(await jobs.state('test.failing', id!)).toBe('failed');
  });

  it('two engines on one database share the jobs and never run one twice', async () => {
    const runs = new Map<string, number>();
    const handler = async (_data: object, { id }: { id: string }) => {
      runs.set(id, (runs.get(id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const [first, second] = [await engine(), await engine()];
    for (const jobs of [first, second]) {
      await jobs.register({ name: 'test.shared', handler, options: {} });
      await jobs.start();
    }
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? first : second).send('test.shared', { i })),
    );
    await expect
      .poll(async () => (await Promise.all(ids.map(stateOf))).every((s) => s === 'completed'), polls)
      .toBe(true);
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('a job sent inside a transaction runs only if the transaction commits', async () => {
    const jobs = await engine();
    const runs: string[] = [];
    await jobs.register<{ note: string }>({
      name: 'test.in-tx',
      handler: async ({ note }) => {
        runs.push(note);
      },
      options: {},
    });
    await jobs.start();
    const db = await getDb();
    let rolledBack: string | null = null;
    await db
      .transaction(async (tx) => {
        rolledBack = await jobs.send('test.in-tx', { note: 'rolled back' }, { tx });
        tx.rollback();
      })
      .catch(() => {});
    const committed = await db.transaction((tx) => jobs.send('test.in-tx', { note: 'committed' }, { tx }));
    await expect.poll(() => stateOf(committed), polls).toBe('completed');
    expect(await stateOf(rolledBack)).toBeUndefined();
    expect(runs).toEqual(['committed']);
  });

  it('a job sent in a transaction while the engine is still starting is refused at once, not waited for', async () => {
    const jobs = await engine();
    await jobs.register({ name: 'test.early', handler: async () => {}, options: {} });
    const db = await getDb();
    const starting = jobs.start();
    // On PGlite the transaction holds the one connection the engine's start needs: waiting would hang both.
    const sent = db.transaction((tx) => jobs.send('test.early', {}, { tx }));
    await expect(sent).rejects.toThrow('The job engine is still starting: cannot send "test.early" in a transaction.');
    await starting;
    const id = await db.transaction((tx) => jobs.send('test.early', {}, { tx }));
    await expect.poll(() => stateOf(id), polls).toBe('completed');
  });

  it('a scheduled job fires on its own', async () => {
    const jobs = await engine();
    let fired = 0;
    await jobs.register({
      name: 'test.every-minute',
      handler: async () => {
        fired++;
      },
      options: { cron: '* * * * *' },
    });
    await jobs.start();
    await expect.poll(() => fired, polls).toBeGreaterThan(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps working after PostgreSQL drops its connections (as in a restart)',
    async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const jobs = await engine();
      const runs: number[] = [];
      await jobs.register<{ n: number }>({
        name: 'test.reconnect',
        handler: async ({ n }) => {
          runs.push(n);
        },
        options: {},
      });
      await jobs.start();
      const before = await jobs.send('test.reconnect', { n: 1 });
      await expect.poll(() => stateOf(before), polls).toBe('completed');
      const db = await getDb();
      const dropped = await db.execute<{
        pg_terminate_backend: boolean;
      }>(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'store-jobs' and datname = current_database()`);
      expect((dropped as unknown as unknown[]).length).toBeGreaterThan(0); // postgres.js: an array of rows
      // The first query after the drop may fail on a dead connection; the pool replaces it.
      const send = async () => jobs.send('test.reconnect', { n: 2 }).catch(() => null);
      let id: string | null = null;
      await expect.poll(async () => (id ??= await send()), polls).not.toBeNull();
      await expect.poll(() => stateOf(id), polls).toBe('completed');
      expect(runs).toEqual([1, 2]);
      errors.mockRestore();
    },
  );

  it('stopping the engine (shutdown) waits for the job it is running', async () => {
    const jobs = await engine();
    let phase = 'queued';
    await jobs.register({
      name: 'test.slow',
      options: {},
      handler: async () => {
        phase = 'running';
        await new Promise((resolve) => setTimeout(resolve, 1500));
        phase = 'finished';
      },
    });
    await jobs.start();
    const id = await jobs.send('test.slow', {});
    await expect.poll(() => phase, polls).toBe('running');
    await jobs.stop(Date.now() + 10_000);
    expect(phase).toBe('finished');
    expect(await stateOf(id)).toBe('completed');
  });
});
