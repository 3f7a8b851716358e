import { describe, expect, it } from 'vitest';
import {
  codAvailable,
  deliverBy,
  deliveryZone,
  formatDeliveryDate,
  pinAnswer,
  TRANSIT_DAYS,
} from './delivery-estimate';

// Dates in June 2026, clear of public holidays, so the dispatch days are the policy's business days.
const day = (iso: string) => formatDeliveryDate(new Date(iso));

describe('delivery estimate (shipping policy §4–5)', () => {
  it('gives metros 5 days, the rest 7 and remote areas 8 after dispatch (the policy’s 5–8)', () => {
    expect(TRANSIT_DAYS).toEqual({ metro: 5, rest: 7, remote: 8 });
    expect(deliveryZone({ district: 'Mumbai', state: 'Maharashtra' })).toBe('metro');
    expect(deliveryZone({ district: 'New Delhi', state: 'Delhi' })).toBe('metro');
    expect(deliveryZone({ district: 'Bangalore', state: 'Karnataka' })).toBe('metro');
    expect(deliveryZone({ district: 'Haridwar', state: 'Uttarakhand' })).toBe('rest');
    expect(deliveryZone({ district: 'Kamrup', state: 'Assam' })).toBe('remote');
    expect(deliveryZone({ district: 'Leh', state: 'Ladakh' })).toBe('remote');
  });

  it('dispatches within 2 business days, then counts the zone’s days', () => {
    // Wednesday 10 June, 10:30 IST: dispatch by Friday 12, a metro gets it by Wednesday 17.
    const wednesday = new Date('2026-06-10T05:00:00Z');
    expect(formatDeliveryDate(deliverBy({ district: 'Mumbai', state: 'Maharashtra' }, wednesday))).toBe(
      day('2026-06-17T06:30:00Z'),
    );
    expect(formatDeliveryDate(deliverBy({ district: 'Haridwar', state: 'Uttarakhand' }, wednesday))).toBe(
      day('2026-06-19T06:30:00Z'),
    );
    expect(formatDeliveryDate(deliverBy({ district: 'Kamrup', state: 'Assam' }, wednesday))).toBe(
      day('2026-06-20T06:30:00Z'),
    );
  });

  it('skips Sunday when counting dispatch days', () => {
    // Saturday 6 June: business days Monday 8 and Tuesday 9 (Sunday 7 is not one), then 7 days → Tuesday 16.
    expect(
      formatDeliveryDate(deliverBy({ district: 'Haridwar', state: 'Uttarakhand' }, new Date('2026-06-06T06:00:00Z'))),
    ).toBe(day('2026-06-16T06:30:00Z'));
  });

  it('skips the store’s holidays when counting dispatch days', () => {
    // Wednesday 10 June with Thursday 11 closed: dispatch by Saturday 13, a metro gets it by Thursday 18.
    const wednesday = new Date('2026-06-10T05:00:00Z');
    expect(formatDeliveryDate(deliverBy({ district: 'Mumbai', state: 'Maharashtra' }, wednesday, ['2026-06-11']))).toBe(
      day('2026-06-18T06:30:00Z'),
    );
  });

  it('counts India’s calendar day: 00:30 IST on Wednesday is Wednesday, though UTC still says Tuesday', () => {
    const afterMidnightIst = new Date('2026-06-09T19:00:00Z');
    expect(formatDeliveryDate(deliverBy({ district: 'Mumbai', state: 'Maharashtra' }, afterMidnightIst))).toBe(
      day('2026-06-17T06:30:00Z'),
    );
  });

  it('offers cash on delivery everywhere but the islands (policy §3)', () => {
    expect(codAvailable({ state: 'Maharashtra' })).toBe(true);
    expect(codAvailable({ state: 'Ladakh' })).toBe(true);
    expect(codAvailable({ state: 'Andaman and Nicobar Islands' })).toBe(false);
    expect(codAvailable({ state: 'Lakshadweep' })).toBe(false);
  });

  it('words the answer as the shopper reads it', () => {
    const answer = pinAnswer(
      { pin: '400001', district: 'Mumbai', state: 'Maharashtra' },
      new Date('2026-06-10T05:00:00Z'),
    );
    expect(answer).toMatchObject({
      ok: true,
      cod: true,
      text: 'Delivers to Mumbai, Maharashtra by Wed, 17 Jun',
      codText: 'Cash on delivery available',
    });
    expect(
      pinAnswer({ pin: '682555', district: 'Lakshadweep', state: 'Lakshadweep' }, new Date('2026-06-10T05:00:00Z')),
    ).toMatchObject({ place: 'Lakshadweep', cod: false, codText: 'Cash on delivery not available' });
  });
});
