import { describe, expect, it } from 'vitest';
import { repeatedErrorLog } from './repeated-errors';

describe('the job engine error log', () => {
  it('logs a repeated error once, then once a minute with its count, worker ids aside', () => {
    let clock = 0;
    const lines: string[] = [];
    const log = repeatedErrorLog((line) => lines.push(line), { now: () => clock });
    const gone = 'database "store" does not exist';
    for (let second = 0; second < 130; second += 2) {
      clock = second * 1000;
      log(`${gone} (Queue: payments.reconcile, Worker: ${second})`);
      log(`${gone} (Queue: email.send-due-mail, Worker: w${second})`);
      log(gone);
    }
    expect(lines).toEqual([gone, `${gone} (90 times in the last 60 s)`, `${gone} (90 times in the last 60 s)`]);
  });

  it('logs a different error at once', () => {
    const lines: string[] = [];
    const log = repeatedErrorLog((line) => lines.push(line), { now: () => 1000 });
    log('connect ECONNREFUSED 127.0.0.1:5432');
    log('database "store" does not exist');
    log('connect ECONNREFUSED 127.0.0.1:5432');
    expect(lines).toEqual(['connect ECONNREFUSED 127.0.0.1:5432', 'database "store" does not exist']);
  });
});
