import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { StartupRefusal } from '../../db/connection';
import { startJobs } from '../../server/jobs/jobs.server';

/** Readiness waits at most this long for the job engine: background work never holds a health check. */
const ENGINE_WAIT_MS = 10_000;

// Readiness: the database is open, migrated and seeded, and the job engine has had its try at starting
// (so the first orders' mail and messages get their jobs at once, not from the five-minute sweep). 503
// otherwise; `retry: false` tells scripts/serve.mjs that waiting will not help (e.g. the data folder
// belongs to another process).
export const GET: APIRoute = async () => {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    // A failed start is logged by the middleware and tried again with the next request.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      startJobs().catch(() => {}),
      new Promise((resolve) => {
        timer = setTimeout(resolve, ENGINE_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    return Response.json({ ok: true });
  } catch (error) {
    const refused = error instanceof StartupRefusal;
    if (!refused) console.error('Health check: the database is not available', error);
    return Response.json(
      { ok: false, error: refused ? error.message : 'The database is not available.', retry: !refused },
      { status: 503, headers: { 'cache-control': 'no-store' } },
    );
  }
};
