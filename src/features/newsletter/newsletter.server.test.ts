import { describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { subscribe } from './newsletter.server';

describe('subscribe (real database)', () => {
  it('stores a normalised email once and reports the duplicate', async () => {
    expect(await subscribe(' Ravi@Example.com ')).toBe('success');
    expect(await subscribe('ravi@example.com')).toBe('duplicate');
    expect(await subscribe('not-an-email')).toBe('invalid');
    const db = await getDb();
    const rows = await db.select({ email: subscriptions.email }).from(subscriptions).where(like(subscriptions.email, 'ravi%'));
    expect(rows).toEqual([{ email: 'ravi@example.com' }]);
  });

  it('makes one row and one success for 20 simultaneous sign-ups of one address', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => subscribe('race@example.com')));
    expect(results.filter((r) => r === 'success')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(19);
  });
});
