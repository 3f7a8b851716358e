import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';
import { getDb } from '../../db/client';

// Readiness: the database is open, migrated and seeded.
export const GET: APIRoute = async () => {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return Response.json({ ok: true });
};
