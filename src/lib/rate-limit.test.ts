import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';

describe('createRateLimiter', () => {
  it('allows the limit per window and key, then refuses until the window ends', () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 });
    const t0 = 1_000_000;
    expect([1, 2, 3, 4].map((i) => limiter.allow('1.2.3.4', t0 + i))).toEqual([true, true, true, false]);
    expect(limiter.allow('5.6.7.8', t0 + 5)).toBe(true);
    expect(limiter.allow('1.2.3.4', t0 + 60_001)).toBe(true);
  });
});
