// The batches migration keeps the stock a store already had: each product's packs on hand (sellable
// and promised to orders not yet shipped) become one undated opening batch, which never ships until
// staff record the real batches; products without stock get none.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../src/db/client';
import { pgliteRunner } from '../../src/db/connection';
import { applyMigrations } from '../../src/db/migrate';

const BATCHES_MIGRATION = '20261127075000';
const work = mkdtempSync(path.join(tmpdir(), 'batches-migration-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the stock batches migration', () => {
  it('puts each product’s packs on hand into one undated opening batch', async () => {
    const upTo = (dir: string, last: (name: string) => boolean) => {
      cpSync(migrationsDir(), path.join(work, dir), {
        recursive: true,
        filter: (src) => !/^\d{14}/.test(path.basename(src)) || last(path.basename(src)),
      });
      return path.join(work, dir);
    };
    const before = upTo('before', (name) => name < BATCHES_MIGRATION);
    const through = upTo('through', (name) => name.slice(0, 14) <= BATCHES_MIGRATION);
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const runner = pgliteRunner(client);
    await applyMigrations(runner, before);

    for (const [id, slug, stock] of [
      [1, 'triphala', 7],
      [2, 'neem', 0],
      [3, 'amla', 0],
    ] as const) {
      await runner.query(`insert into products (id, slug, name, price) values ($1, $2, $2, 100)`, [id, slug]);
      await runner.query(`insert into product_stock (product_id, quantity) values ($1, $2)`, [id, stock]);
    }
    const order = async (number: string, status: string, productId: number, months: number, quantity: number) => {
      const [{ id }] = await runner.query(
        `insert into orders (order_number, email, phone, address, status, subtotal, shipping, total, idempotency_key)
         values ($1, 'old@example.in', '9876543210', '{}', $2, 100, 0, 100, $1) returning id`,
        [number, status],
      );
      await runner.query(
        `insert into order_lines (order_id, product_id, name, months, quantity, unit_price, line_total) values ($1, $2, 'x', $3, $4, 100, 100)`,
        [id, productId, months, quantity],
      );
    };
    await order('VA-22222222', 'pending', 1, 2, 1); // 2 packs promised
    await order('VA-33333333', 'confirmed', 3, 1, 1); // amla: none on sale, 1 promised
    await order('VA-44444444', 'shipped', 1, 1, 5); // gone: not on hand

    await applyMigrations(runner, through);
    const batches = await runner.query(
      `select product_id, batch_number, manufactured_on, expires_on, received, remaining from stock_batches order by product_id`,
    );
    expect(batches).toEqual([
      {
        product_id: 1,
        batch_number: 'OPENING-STOCK',
        manufactured_on: null,
        expires_on: null,
        received: 9,
        remaining: 9,
      },
      {
        product_id: 3,
        batch_number: 'OPENING-STOCK',
        manufactured_on: null,
        expires_on: null,
        received: 1,
        remaining: 1,
      },
    ]);
    // The database keeps a batch's dates whole and a buyer's GSTIN well-formed.
    await expect(
      runner.query(
        `insert into stock_batches (product_id, batch_number, manufactured_on, received, remaining) values (2, 'N-1', '2026-01-01', 1, 1)`,
      ),
    ).rejects.toThrow(/stock_batches_dates_check/);
    await expect(runner.query(`update orders set buyer_gstin = 'NOT-A-GSTIN'`)).rejects.toThrow(
      /orders_buyer_gstin_check/,
    );
    await client.close();
  });
});
