import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnv } from '../config/env.server';

// The stop's state lives on globalThis (serve.mjs and the bundle share it): each test gets a fresh one, and
// the worker's other files keep theirs.
const KEY = Symbol.for('vedara.store.shutdown');
const holder = globalThis as Record<symbol, unknown>;
let kept: unknown;

beforeEach(() => {
  kept = holder[KEY];
  delete holder[KEY];
  vi.resetModules();
  vi.stubEnv('SHUTDOWN_TIMEOUT_MS', '400');
  resetEnv();
});

afterEach(() => {
  holder[KEY] = kept;
  vi.unstubAllEnvs();
  resetEnv();
});

const never = () => new Promise<void>(() => {});

describe('shutdown', () => {
  it('exits within SHUTDOWN_TIMEOUT_MS when the requests never finish and the database never closes', async () => {
    const { onShutdown, stopAndExit } = await import('./shutdown.server');
    const closeStartedAfter: number[] = [];
    const started = Date.now();
    onShutdown('requests', never);
    onShutdown('close', () => {
      closeStartedAfter.push(Date.now() - started);
      return never();
    });
    const exit = vi.fn();
    await stopAndExit(exit);
    const took = Date.now() - started;
    expect(exit).toHaveBeenCalledWith(0);
    // The whole stop fits the timeout (the orchestrator's grace period is set just above it)…
    expect(took).toBeGreaterThanOrEqual(395);
    expect(took).toBeLessThan(400 + 150);
    // … and the database was still given its share of it: closed a quarter before the end.
    expect(closeStartedAfter).toHaveLength(1);
    expect(closeStartedAfter[0]).toBeGreaterThanOrEqual(295);
    expect(closeStartedAfter[0]).toBeLessThan(400);
  });

  it('runs the phases in order and exits as soon as they are done', async () => {
    const { onShutdown, stopAndExit } = await import('./shutdown.server');
    const order: string[] = [];
    onShutdown('close', () => void order.push('close'));
    onShutdown('work', async () => void order.push('work'));
    onShutdown('requests', () => {
      throw new Error('the drain failed');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const exit = vi.fn();
    const started = Date.now();
    await stopAndExit(exit);
    expect(order).toEqual(['work', 'close']);
    expect(exit).toHaveBeenCalledWith(0);
    expect(Date.now() - started).toBeLessThan(100);
  });
});
