import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFaultHandlers } from './process-faults.server';

afterEach(() => {
  vi.restoreAllMocks();
});

function installed() {
  const target = new EventEmitter();
  const exit = vi.fn();
  const stop = vi.fn(async () => {});
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  installFaultHandlers({ target, exit, stop });
  return { target, exit, stop, log };
}

describe('installFaultHandlers', () => {
  it('carries on after a terminated backend or a closed connection, saying so in the log', async () => {
    const { target, exit, stop, log } = installed();
    target.emit('uncaughtException', Object.assign(new Error('terminating connection'), { code: '57P01' }));
    target.emit(
      'unhandledRejection',
      Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stop).not.toHaveBeenCalled();
    expect(exit).not.toHaveBeenCalled();
    expect(log.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringContaining('57P01'),
      expect.stringContaining('CONNECTION_CLOSED'),
    ]);
  });

  it('logs an unhandled rejection and carries on', async () => {
    const { target, exit, log } = installed();
    target.emit('unhandledRejection', new Error('forgotten catch'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(exit).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('unhandled promise rejection'), expect.any(Error));
  });

  it('drains and exits with code 1 after any other uncaught exception, once', async () => {
    const { target, exit, stop, log } = installed();
    target.emit(
      'uncaughtException',
      new TypeError("Cannot read properties of null (reading 'write')"),
      'uncaughtException',
    );
    target.emit('uncaughtException', new TypeError('again'), 'uncaughtException');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stop).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(String(log.mock.calls[0][0])).toMatch(/exiting with code 1/);
  });
});
