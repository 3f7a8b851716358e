// The database's order_status domain and the code's ORDER_STATUSES are the same list.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import { ORDER_STATUSES } from './status';

describe('order statuses', () => {
  it('the order_status domain allows exactly the statuses the code knows', async () => {
    const db = await getDb();
    const result = await db.execute(sql`select pg_get_constraintdef(c.oid) as def from pg_constraint c where c.contypid = 'order_status'::regtype`);
    // PGlite answers { rows }, postgres.js an array.
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { def: string }[];
    const inDatabase = [...rows[0].def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect(inDatabase.sort()).toEqual([...ORDER_STATUSES].sort());
  });
});
