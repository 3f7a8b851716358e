import { describe, expect, it } from 'vitest';
import { canCancel } from './lifecycle';
import { generateOrderNumber, isOrderNumber, normaliseOrderNumber } from './order-number';
import { statusBadgeClass } from './status';
import { addBusinessDays, trackingStages } from './tracking';

const placed = new Date('2026-11-23T06:00:00Z');
const hours = (h: number) => new Date(placed.getTime() + h * 3_600_000);

describe('canCancel', () => {
  it('allows cancelling within 12 hours of placing, before shipping', () => {
    expect(canCancel({ status: 'pending', createdAt: placed }, hours(11.9))).toBe(true);
    expect(canCancel({ status: 'confirmed', createdAt: placed }, hours(1))).toBe(true);
    expect(canCancel({ status: 'pending', createdAt: placed }, hours(12))).toBe(false);
  });

  it('refuses once shipped or already closed', () => {
    for (const status of ['shipped', 'out_for_delivery', 'delivered', 'cancelled', 'returned']) {
      expect(canCancel({ status, createdAt: placed }, hours(1)), status).toBe(false);
    }
  });
});

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

describe('trackingStages', () => {
  it('marks Order Placed from the pending row, with its date', () => {
    const stages = trackingStages([{ status: 'pending', createdAt: placed }]);
    expect(stages.map((s) => [s.label, s.done])).toEqual([['Order Placed', true], ['Shipped', false], ['Out for Delivery', false], ['Delivered', false]]);
    expect(stages[0].at).toEqual(placed);
  });

  it('counts earlier stages done when a later one was recorded', () => {
    const stages = trackingStages([{ status: 'pending', createdAt: placed }, { status: 'confirmed', createdAt: hours(2) }, { status: 'out_for_delivery', createdAt: hours(50) }]);
    expect(stages.map((s) => s.done)).toEqual([true, true, true, false]);
    expect(stages[1].at).toBeNull();
  });
});

describe('delivery estimate', () => {
  it('skips Sundays', () => {
    // From Thursday 26 Nov 2026, 3 business days are Fri 27, Sat 28 and (after Sunday) Mon 30.
    expect(addBusinessDays(new Date('2026-11-26T06:00:00Z'), 3).toISOString().slice(0, 10)).toBe('2026-11-30');
  });
});

describe('statusBadgeClass', () => {
  it('is green for delivered, yellow for pending, grey otherwise', () => {
    expect(statusBadgeClass('delivered')).toContain('green');
    expect(statusBadgeClass('pending')).toContain('yellow');
    expect(statusBadgeClass('shipped')).toContain('gray');
  });
});
