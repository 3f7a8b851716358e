// The returns migration carries the old return requests over: their status follows what the order's
// history says became of them, and history rows get the move that made them (a decline is not a delivery).
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../src/db/client';
import { pgliteRunner } from '../../src/db/connection';
import { applyMigrations } from '../../src/db/migrate';

const RETURNS_MIGRATION = '20261125070200';
const work = mkdtempSync(path.join(tmpdir(), 'returns-migration-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the returns migration', () => {
  it('moves return_requests into returns and names every history row’s move', async () => {
    // The migrations before this one, then up to and including it (later ones need other extensions).
    const upTo = (dir: string, last: (name: string) => boolean) => {
      cpSync(migrationsDir(), path.join(work, dir), {
        recursive: true,
        filter: (src) => !/^\d{14}/.test(path.basename(src)) || last(path.basename(src)),
      });
      return path.join(work, dir);
    };
    const before = upTo('before', (name) => name < RETURNS_MIGRATION);
    const through = upTo('through', (name) => name.slice(0, 14) <= RETURNS_MIGRATION);
    const client = await PGlite.create();
    const runner = pgliteRunner(client);
    await applyMigrations(runner, before);

    const order = async (n: string, status: string, history: [string, string, string?][], request?: string) => {
      const [{ id }] = await runner.query(
        `insert into orders (order_number, email, phone, address, status, subtotal, shipping, total, idempotency_key)
        values ($1, 'old@example.in', '9876543210', '{}', $2, 999, 0, 999, $1) returning id`,
        [n, status],
      );
      for (const [s, at, note] of history)
        await runner.query(
          'insert into order_status_history (order_id, status, note, created_at) values ($1, $2, $3, $4)',
          [id, s, note ?? null, at],
        );
      if (request)
        await runner.query(
          `insert into return_requests (order_id, reason, photos, created_at) values ($1, 'The seal was broken on arrival.', '["/media/returns/a.png"]', $2)`,
          [id, request],
        );
      return Number(id);
    };
    const base: [string, string][] = [
      ['pending', '2026-11-01T10:00Z'],
      ['confirmed', '2026-11-01T12:00Z'],
      ['shipped', '2026-11-02T10:00Z'],
      ['delivered', '2026-11-05T10:00Z'],
    ];
    const open = await order(
      'VA-22222222',
      'return_requested',
      [...base, ['return_requested', '2026-11-06T10:00Z']],
      '2026-11-06T10:00Z',
    );
    const declined = await order(
      'VA-33333333',
      'delivered',
      [...base, ['return_requested', '2026-11-06T10:00Z'], ['delivered', '2026-11-07T10:00Z']],
      '2026-11-06T10:00Z',
    );
    const refunded = await order(
      'VA-44444444',
      'refunded',
      [
        ...base,
        ['return_requested', '2026-11-06T10:00Z'],
        ['returned', '2026-11-08T10:00Z'],
        ['refunded', '2026-11-09T10:00Z'],
      ],
      '2026-11-06T10:00Z',
    );
    const cancelled = await order('VA-55555555', 'cancelled', [
      ['pending', '2026-11-01T10:00Z'],
      ['cancelled', '2026-11-01T11:00Z', 'Cancelled by the customer.'],
    ]);

    expect(readdirSync(migrationsDir()).some((f) => f.startsWith(RETURNS_MIGRATION))).toBe(true);
    await applyMigrations(runner, through);
    const returns = await runner.query(
      'select order_id, status, description, photos, refund_amount, staff_note, decided_at, received_at, refunded_at from returns order by order_id',
    );
    expect(returns).toMatchObject([
      {
        order_id: open,
        status: 'requested',
        description: 'The seal was broken on arrival.',
        photos: ['/media/returns/a.png'],
        decided_at: null,
      },
      {
        order_id: declined,
        status: 'declined',
        staff_note: 'Declined (recorded before notes were kept).',
        decided_at: new Date('2026-11-07T10:00Z'),
      },
      {
        order_id: refunded,
        status: 'refunded',
        refund_amount: 999,
        received_at: new Date('2026-11-08T10:00Z'),
        refunded_at: new Date('2026-11-09T10:00Z'),
      },
    ]);
    const moves = async (id: number) =>
      (
        await runner.query('select move from order_status_history where order_id = $1 order by created_at, id', [id])
      ).map((r) => r.move);
    expect(await moves(declined)).toEqual(['place', 'confirm', 'ship', 'deliver', 'request_return', 'decline_return']);
    expect(await moves(refunded)).toEqual([
      'place',
      'confirm',
      'ship',
      'deliver',
      'request_return',
      'receive_return',
      'refund',
    ]);
    expect(await moves(cancelled)).toEqual(['place', 'cancel_by_customer']);
    expect(await runner.query(`select to_regclass('return_requests') as t`)).toEqual([{ t: null }]);
    await client.close();
  });
});
