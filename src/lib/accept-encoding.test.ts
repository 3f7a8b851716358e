import { describe, expect, it } from 'vitest';
import { acceptedEncodings } from './accept-encoding';

describe('acceptedEncodings', () => {
  it('reads names and drops those with q=0', () => {
    expect([...acceptedEncodings('gzip;q=0.8, br;q=0, deflate')]).toEqual(['gzip', 'deflate']);
    expect(acceptedEncodings(undefined).size).toBe(0);
    expect(acceptedEncodings(null).size).toBe(0);
  });
});
