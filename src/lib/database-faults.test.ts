import { describe, expect, it, vi } from 'vitest';
import { describeFault, isDatabaseUnavailable, onceMoreAfterFault } from './database-faults';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a closed connection, a terminated backend and a server out of reach', () => {
    for (const code of ['CONNECTION_CLOSED', 'CONNECT_TIMEOUT', 'ECONNREFUSED', '57P01', '57P03', '08006', '53300']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    }
  });

  it('looks through Drizzle’s wrapper and an AggregateError of addresses', () => {
    const refused = new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'connect');
    const wrapped = new Error('Failed query: select 1', { cause: refused });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(describeFault(wrapped)).toBe('ECONNREFUSED: ECONNREFUSED');
  });

  it('does not excuse bugs or bad data', () => {
    for (const error of [
      new TypeError('x is undefined'),
      coded('23505', 'duplicate key'),
      coded('22P02'),
      null,
      'text',
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

describe('onceMoreAfterFault', () => {
  it('tries once more after a connection fault, and only once', async () => {
    let calls = 0;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(
      await onceMoreAfterFault(async () => {
        if (++calls === 1) throw Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });
        return 'placed';
      }, 1),
    ).toBe('placed');
    calls = 0;
    await expect(
      onceMoreAfterFault(async () => {
        calls++;
        throw Object.assign(new Error('terminating connection'), { code: '57P01' });
      }, 1),
    ).rejects.toThrow('terminating connection');
    expect(calls).toBe(2);
    // Said once in the log, not once per request, while the faults go on.
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('never repeats work that failed for another reason', async () => {
    let calls = 0;
    await expect(
      onceMoreAfterFault(async () => {
        calls++;
        throw new Error('bug');
      }),
    ).rejects.toThrow('bug');
    expect(calls).toBe(1);
  });
});
