// The database's order_status and order_move domains list exactly what the code knows.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import { MOVE_NAMES } from './lifecycle';
import { ORDER_STATUSES } from './status';

async function domainValues(domain: 'order_status' | 'order_move') {
  const db = await getDb();
  const result = await db.execute(
    sql`select pg_get_constraintdef(c.oid) as def from pg_constraint c where c.contypid = ${domain}::regtype`,
  );
  // PGlite answers { rows }, postgres.js an array.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { def: string }[];
  return [...rows[0].def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]).sort();
}

describe('one list of statuses and moves', () => {
  it('the order_status domain allows exactly the statuses the code knows', async () => {
    expect(await domainValues('order_status')).toEqual([...ORDER_STATUSES].sort());
  });

  it('the order_move domain allows exactly the moves of the lifecycle table', async () => {
    expect(await domainValues('order_move')).toEqual([...MOVE_NAMES].sort());
  });
});
