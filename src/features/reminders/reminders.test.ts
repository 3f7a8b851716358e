// The reminders' timing rules, with the clock passed in: when a plan runs out and is reminded about, and
// which cart reminder is due at a given moment.
import { describe, expect, it } from 'vitest';
import { CART_GIVE_UP_MS, CART_IDLE_MS, CART_SECOND_AFTER_MS, daysUntil, dueCartStep, refillDates } from './reminders';

const at = (iso: string) => new Date(iso);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe('refill dates', () => {
  it('a plan of m months runs out 30·m days after delivery and is reminded about seven days before', () => {
    const delivered = at('2026-12-01T10:00:00Z');
    expect(refillDates(delivered, 1)).toEqual({
      runsOutAt: at('2026-12-31T10:00:00Z'),
      remindAt: at('2026-12-24T10:00:00Z'),
      lateAt: at('2027-01-14T10:00:00Z'),
    });
    expect(refillDates(delivered, 4).runsOutAt).toEqual(at('2027-03-31T10:00:00Z'));
    expect(daysUntil(at('2026-12-31T10:00:00Z'), at('2026-12-24T10:00:00Z'))).toBe(7);
    expect(daysUntil(at('2026-12-01T00:00:00Z'), at('2026-12-24T10:00:00Z'))).toBe(0);
  });
});

describe('which cart reminder is due', () => {
  const left = at('2026-12-01T10:00:00Z');
  const cart = (firstSentAt: Date | null = null, secondSent = false) => ({ updatedAt: left, firstSentAt, secondSent });

  it('the first once the cart has been left an hour, not before, and not for a cart left over a week', () => {
    expect(dueCartStep(cart(), plus(left, CART_IDLE_MS - 1))).toBeNull();
    expect(dueCartStep(cart(), plus(left, CART_IDLE_MS))).toBe(1);
    expect(dueCartStep(cart(), plus(left, CART_GIVE_UP_MS + 1))).toBeNull();
  });

  it('the second a day after the first, never a third', () => {
    const first = plus(left, CART_IDLE_MS);
    expect(dueCartStep(cart(first), plus(first, CART_SECOND_AFTER_MS - 1))).toBeNull();
    expect(dueCartStep(cart(first), plus(first, CART_SECOND_AFTER_MS))).toBe(2);
    expect(dueCartStep(cart(first, true), plus(first, 3 * CART_SECOND_AFTER_MS))).toBeNull();
  });
});
