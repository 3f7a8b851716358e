import { describe, expect, it } from 'vitest';
import { generateOrderNumber, isOrderNumber, normaliseOrderNumber } from './order-number';
import { statusBadgeClass } from './status';

describe('order numbers', () => {
  it('are VA- and 8 readable characters, never 0, O, 1, I or L', () => {
    for (let i = 0; i < 200; i++) {
      const number = generateOrderNumber();
      expect(number).toMatch(/^VA-[2-9A-HJKMNP-Z]{8}$/);
      expect(isOrderNumber(number)).toBe(true);
    }
  });

  it('are matched whatever the case the shopper types', () => {
    expect(normaliseOrderNumber(' va-7k3m9q2p ')).toBe('VA-7K3M9Q2P');
  });
});

describe('statusBadgeClass', () => {
  it('is green for delivered, yellow for pending, grey otherwise', () => {
    expect(statusBadgeClass('delivered')).toContain('green');
    expect(statusBadgeClass('pending')).toContain('yellow');
    expect(statusBadgeClass('shipped')).toContain('gray');
  });
});
