import { describe, expect, it } from 'vitest';
import { addIndiaBusinessDays as addBusinessDays } from '../../lib/business-days';
import { deliveryEstimate, type EstimateInput, estimateText, indiaDay, trackingStages } from './tracking';

const placed = new Date('2026-11-23T06:00:00Z');
const hours = (h: number) => new Date(placed.getTime() + h * 3_600_000);
/** An India calendar day as YYYY-MM-DD. */
const day = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10);

describe('trackingStages', () => {
  it('marks Order Placed from the pending row, with its date', () => {
    const stages = trackingStages([{ status: 'pending', createdAt: placed }]);
    expect(stages.map((s) => [s.label, s.done])).toEqual([
      ['Order Placed', true],
      ['Shipped', false],
      ['Out for Delivery', false],
      ['Delivered', false],
    ]);
    expect(stages[0].at).toEqual(placed);
  });

  it('counts earlier stages done when a later one was recorded', () => {
    const stages = trackingStages([
      { status: 'pending', createdAt: placed },
      { status: 'confirmed', createdAt: hours(2) },
      { status: 'out_for_delivery', createdAt: hours(50) },
    ]);
    expect(stages.map((s) => s.done)).toEqual([true, true, true, false]);
    expect(stages[1].at).toBeNull();
  });
});

describe('business days in India time', () => {
  it('skips Sundays', () => {
    // From Thursday 26 Nov 2026, 3 business days are Fri 27, Sat 28 and (after Sunday) Mon 30.
    expect(day(addBusinessDays(new Date('2026-11-26T06:00:00Z'), 3))).toBe('2026-11-30');
  });

  it('counts from the India date, not the UTC one', () => {
    // 21:00 UTC on Saturday 28 Nov is already 02:30 on Sunday 29 Nov in India.
    expect(day(indiaDay(new Date('2026-11-28T21:00:00Z')))).toBe('2026-11-29');
    // From that Sunday, 2 business days are Monday 30 Nov and Tuesday 1 Dec.
    expect(day(addBusinessDays(new Date('2026-11-28T21:00:00Z'), 2))).toBe('2026-12-01');
    // Two hours earlier it is still Saturday in India: Monday and Tuesday again.
    expect(day(addBusinessDays(new Date('2026-11-28T17:00:00Z'), 2))).toBe('2026-12-01');
    expect(day(addBusinessDays(new Date('2026-11-27T17:00:00Z'), 2))).toBe('2026-11-30');
  });
});

describe('deliveryEstimate (the one promise: dispatch within 2 business days of confirmation, then the PIN zone’s days)', () => {
  const order = (over: Partial<EstimateInput>): EstimateInput => ({
    status: 'pending',
    placedAt: placed,
    confirmedAt: null,
    shippedAt: null,
    outForDeliveryAt: null,
    deliveredAt: null,
    zone: 'rest',
    ...over,
  });
  const now = new Date('2026-11-23T08:00:00Z'); // Monday 23 Nov 2026, 13:30 in India

  it('awaiting confirmation: counted from today', () => {
    const e = deliveryEstimate(order({}), now);
    expect(e.kind).toBe('awaiting_dispatch');
    if (e.kind !== 'awaiting_dispatch') return;
    expect([e.confirmed, day(e.dispatchBy), day(e.by)]).toEqual([false, '2026-11-25', '2026-12-02']);
    expect(estimateText(e)).toBe(
      'We will call you to confirm this cash-on-delivery order. Dispatch by 25 Nov 2026 (within 2 business days of confirmation, ' +
        'excluding Sundays and holidays), then 7 days to your PIN code: estimated delivery by 2 Dec 2026.',
    );
  });

  it('a store holiday moves dispatch and delivery a business day later', () => {
    const e = deliveryEstimate(order({}), now, ['2026-11-24']);
    if (e.kind !== 'awaiting_dispatch') throw new Error(e.kind);
    expect([day(e.dispatchBy), day(e.by)]).toEqual(['2026-11-26', '2026-12-03']);
  });

  it('confirmed on a Saturday: dispatch by Tuesday, Sunday not counted', () => {
    const e = deliveryEstimate(
      order({ status: 'confirmed', confirmedAt: new Date('2026-11-28T05:00:00Z'), zone: 'metro' }),
      new Date('2026-11-28T06:00:00Z'),
    );
    expect(e).toMatchObject({ kind: 'awaiting_dispatch', confirmed: true });
    if (e.kind === 'awaiting_dispatch') expect([day(e.dispatchBy), day(e.by)]).toEqual(['2026-12-01', '2026-12-06']);
  });

  it('shipped: the zone’s days from the India day of dispatch, the day the PIN check named', () => {
    const shipped = (zone: EstimateInput['zone']) =>
      deliveryEstimate(
        order({ status: 'shipped', confirmedAt: placed, shippedAt: new Date('2026-11-24T20:00:00Z'), zone }),
        now,
      );
    const e = shipped('metro');
    expect(e.kind).toBe('in_transit');
    if (e.kind === 'in_transit') expect([day(e.shippedOn), day(e.by)]).toEqual(['2026-11-25', '2026-11-30']);
    expect(estimateText(e)).toBe(
      'Shipped on 25 Nov 2026. Estimated delivery by 30 Nov 2026 (5 days after dispatch to your PIN code).',
    );
    expect(estimateText(shipped('remote'))).toContain('by 3 Dec 2026 (8 days');
    // A PIN no longer in the directory is promised the slowest zone's day, never an earlier one.
    expect(estimateText(shipped(null))).toContain('by 3 Dec 2026 (8 days');
  });

  it('out for delivery, delivered, returned and cancelled say so', () => {
    expect(
      estimateText(deliveryEstimate(order({ status: 'out_for_delivery', outForDeliveryAt: hours(80) }), now)),
    ).toBe('Out for delivery: arriving today, 26 Nov 2026.');
    expect(estimateText(deliveryEstimate(order({ status: 'delivered', deliveredAt: hours(100) }), now))).toBe(
      'Delivered on 27 Nov 2026.',
    );
    expect(estimateText(deliveryEstimate(order({ status: 'returned', deliveredAt: hours(100) }), now))).toBe(
      'Delivered on 27 Nov 2026.',
    );
    expect(estimateText(deliveryEstimate(order({ status: 'cancelled' }), now))).toBe('This order was cancelled.');
  });
});
