// Draining on a real HTTP server: the stop waits for a handler whose client already hung up, so the
// database is not closed under its work; it does not wait past the deadline for one that never answers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainable } from './http-drain.mjs';

let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server = undefined;
});

/** A server whose handler answers only when `release` is called. */
async function slowServer() {
  let release = () => {};
  let resolveStarted = () => {};
  const started = new Promise<void>((resolve) => {
    resolveStarted = resolve;
  });
  const slow = http.createServer((_request, response) => {
    resolveStarted();
    new Promise<void>((resolve) => {
      release = resolve;
    }).then(() => response.end('done'));
  });
  server = slow;
  const { drain } = drainable(slow);
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  const { port } = slow.address() as AddressInfo;
  return { port, started, drain, release: () => release() };
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

describe('drainable', () => {
  it('waits for a handler whose client hung up, then resolves once it has answered', async () => {
    const { port, started, drain, release } = await slowServer();
    const request = http.get({ port, host: '127.0.0.1', path: '/' }).on('error', () => {});
    await started;
    request.destroy(); // the client goes; the handler is still working
    const drained = drain(Date.now() + 10_000);
    expect(await settledWithin(drained, 300)).toBe(false);
    release();
    expect(await settledWithin(drained, 2_000)).toBe(true);
  });

  it('gives up on a handler that never answers at the deadline', async () => {
    const { port, started, drain } = await slowServer();
    http.get({ port, host: '127.0.0.1', path: '/' }).on('error', () => {});
    await started;
    const drained = drain(Date.now() + 300);
    expect(await settledWithin(drained, 3_000)).toBe(true);
  });
});
