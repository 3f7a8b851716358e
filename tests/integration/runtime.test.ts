import { expect, it } from 'vitest';

// npm scripts must run on the pinned Node 24 (the `node` package), not the machine's Node 20.
it('runs on Node 24', () => {
  expect(process.version).toMatch(/^v24\./);
});
