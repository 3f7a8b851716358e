import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEnv } from './config/env.server';
import { checkLink, signLink, tokenSigner } from './signed-links.server';

const SECRET = 'a-test-secret-of-at-least-32-characters';

beforeAll(() => {
  vi.stubEnv('AUTH_SECRET', SECRET);
  resetEnv();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

// The tokens already sent (order, ticket, unsubscribe and cancel links in mail) must keep working: each
// is HMAC-SHA256 of its payload under HMAC-SHA256(secret, label), in base64url.
const tokenOf = (label: string, payload: string) => {
  const key = createHmac('sha256', SECRET).update(label).digest();
  return createHmac('sha256', key).update(payload).digest('base64url');
};

describe('tokens keyed from the store secret', () => {
  it('signs as the links already in shoppers’ mail were signed', () => {
    const orders = tokenSigner('vedara order links v1');
    expect(orders.sign('VA-ABC123:asha@example.in')).toBe(
      tokenOf('vedara order links v1', 'VA-ABC123:asha@example.in'),
    );
    expect(signLink('reorder', '12\n3', 1_800_000_000)).toBe(
      tokenOf('vedara signed link reorder v1', '12\n3\n1800000000'),
    );
  });

  it('refuses a token of another label, another payload, a cut or a missing one', () => {
    const orders = tokenSigner('vedara order links v1');
    const tickets = tokenSigner('vedara grievance tickets v1');
    const token = orders.sign('VA-1:a@b.in');
    expect(orders.verify('VA-1:a@b.in', token)).toBe(true);
    expect(tickets.verify('VA-1:a@b.in', token)).toBe(false);
    expect(orders.verify('VA-2:a@b.in', token)).toBe(false);
    expect(orders.verify('VA-1:a@b.in', token.slice(0, -1))).toBe(false);
    expect(orders.verify('VA-1:a@b.in', '')).toBe(false);
    expect(orders.verify('VA-1:a@b.in', null)).toBe(false);
  });

  it('tells an expired link from a forged one', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const later = Math.floor(now.getTime() / 1000) + 60;
    const signature = signLink('cart', '7', later);
    expect(checkLink('cart', '7', String(later), signature, now)).toBe('valid');
    expect(checkLink('cart', '7', String(later), signature, new Date((later + 1) * 1000))).toBe('expired');
    expect(checkLink('cart', '8', String(later), signature, now)).toBe('forged');
    expect(checkLink('reorder', '7', String(later), signature, now)).toBe('forged');
    expect(checkLink('cart', '7', '1e9', signature, now)).toBe('forged');
  });
});
