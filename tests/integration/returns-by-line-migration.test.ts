// The returns-by-line migration carries existing returns over: a return made before returns had lines
// was of the whole order, so it gets every line and unit; refunds become paise; an order refunded less
// than it paid reads partially refunded; and the new rules hold from then on.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../src/db/client';
import { pgliteRunner } from '../../src/db/connection';
import { applyMigrations } from '../../src/db/migrate';

const RETURNS_BY_LINE_MIGRATION = '20261127030100';
const work = mkdtempSync(path.join(tmpdir(), 'returns-by-line-migration-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the returns-by-line migration', () => {
  it('gives old returns all their order’s lines, refunds in paise, and partly refunded orders their status', async () => {
    const upTo = (dir: string, last: (name: string) => boolean) => {
      cpSync(migrationsDir(), path.join(work, dir), {
        recursive: true,
        filter: (src) => !/^\d{14}/.test(path.basename(src)) || last(path.basename(src)),
      });
      return path.join(work, dir);
    };
    const before = upTo('before', (name) => name < RETURNS_BY_LINE_MIGRATION);
    const through = upTo('through', (name) => name.slice(0, 14) <= RETURNS_BY_LINE_MIGRATION);
    const client = await PGlite.create({ extensions: { pg_trgm } }); // product search needs it, as in the store
    const runner = pgliteRunner(client);
    await applyMigrations(runner, before);

    const [{ id: productId }] = await runner.query(
      `insert into products (name, slug, price) values ('Triphala Churna', 'triphala-churna-old', 449) returning id`,
    );
    const order = async (
      n: string,
      status: string,
      total: number,
      returned?: { status: string; refund?: number; note?: string },
    ) => {
      const [{ id }] = await runner.query(
        `insert into orders (order_number, email, phone, address, status, subtotal, shipping, total, idempotency_key)
        values ($1, 'old@example.in', '9876543210', '{}', $2, 998, 0, $3, $1) returning id`,
        [n, status, total],
      );
      for (const [quantity, lineTotal] of [
        [1, 549],
        [2, 449],
      ]) {
        await runner.query(
          'insert into order_lines (order_id, product_id, name, months, quantity, unit_price, line_total) values ($1, $2, $3, 1, $4, $5, $5)',
          [id, productId, `Line of ${lineTotal}`, quantity, lineTotal],
        );
      }
      if (returned) {
        const at = returned.status === 'requested' ? null : '2026-11-08T10:00Z';
        await runner.query(
          `insert into returns (order_id, status, description, refund_amount, staff_note, decided_at, received_at, refunded_at)
          values ($1, $2, 'The jar arrived cracked.', $3, $4, $5, $6, $7)`,
          [
            id,
            returned.status,
            returned.refund ?? null,
            returned.note ?? null,
            at,
            ['received', 'refunded'].includes(returned.status) ? at : null,
            returned.status === 'refunded' ? at : null,
          ],
        );
      }
      return Number(id);
    };
    const whole = await order('VA-22222222', 'refunded', 499, { status: 'refunded', refund: 499 });
    const part = await order('VA-33333333', 'refunded', 499, { status: 'refunded', refund: 275 });
    const open = await order('VA-44444444', 'return_requested', 499, { status: 'requested' });
    const declined = await order('VA-55555555', 'delivered', 499, { status: 'declined', note: 'The seal was intact.' });
    const untouched = await order('VA-66666666', 'delivered', 499);

    await applyMigrations(runner, through);
    const rows =
      await runner.query(`select r.order_id, r.refund_paise, (select json_agg(json_build_array(l.name, rl.quantity) order by l.id)
      from return_lines rl join order_lines l on l.id = rl.order_line_id where rl.return_id = r.id) as lines from returns r order by r.order_id`);
    const everything = [
      ['Line of 549', 1],
      ['Line of 449', 2],
    ];
    expect(rows).toEqual([
      { order_id: whole, refund_paise: 49_900, lines: everything },
      { order_id: part, refund_paise: 27_500, lines: everything },
      { order_id: open, refund_paise: null, lines: everything },
      { order_id: declined, refund_paise: null, lines: everything },
    ]);
    const statuses = await runner.query('select id, status from orders order by id');
    expect(statuses).toEqual([
      { id: whole, status: 'refunded' },
      { id: part, status: 'partially_refunded' },
      { id: open, status: 'return_requested' },
      { id: declined, status: 'delivered' },
      { id: untouched, status: 'delivered' },
    ]);

    // From now on: no more units than bought (a declined return does not count), refunds within the total.
    const [{ id: lineId }] = await runner.query('select id from order_lines where order_id = $1 and quantity = 2', [
      declined,
    ]);
    const [{ id: again }] = await runner.query(
      `insert into returns (order_id, description) values ($1, 'Asked once more.') returning id`,
      [declined],
    );
    await runner.query('insert into return_lines (return_id, order_line_id, quantity) values ($1, $2, 2)', [
      again,
      lineId,
    ]);
    await expect(
      runner.query(
        'insert into return_lines (return_id, order_line_id, quantity) values ($1, (select id from order_lines where order_id = $2 limit 1), 1)',
        [again, whole],
      ),
    ).rejects.toThrow(/own order/);
    // ₹275 refunded of ₹499: a second refund of ₹225 would add up to more than was paid.
    const secondRefund = `insert into returns (order_id, status, description, refund_paise, decided_at, received_at, refunded_at)
      values ($1, 'refunded', 'The other jar too.', $2, now(), now(), now())`;
    await expect(runner.query(secondRefund, [part, 22_500])).rejects.toThrow(/more than the order total/);
    await runner.query(secondRefund, [part, 22_400]);
    await client.close();
  });
});
