import { describe, expect, it } from 'vitest';
import { fillFromPinPlace } from './pin-fill';

const haridwar = { district: 'Haridwar', state: 'Uttarakhand' };

describe('filling the city and state from a PIN code', () => {
  it('fills blanks, never what the shopper typed', () => {
    expect(fillFromPinPlace({ city: '', state: ' ' }, haridwar)).toEqual({
      values: { city: 'Haridwar', state: 'Uttarakhand' },
      filled: new Set(['city', 'state']),
    });
    expect(fillFromPinPlace({ city: 'Jwalapur', state: '' }, haridwar)).toEqual({
      values: { city: 'Jwalapur', state: 'Uttarakhand' },
      filled: new Set(['state']),
    });
  });

  it('fills again what an earlier PIN filled and the shopper left alone', () => {
    const first = fillFromPinPlace({ city: '', state: 'Karnataka' }, haridwar);
    const second = fillFromPinPlace(first.values, { district: 'Mumbai', state: 'Maharashtra' }, first.filled);
    expect(second.values).toEqual({ city: 'Mumbai', state: 'Karnataka' });
  });
});
