import { describe, expect, it } from 'vitest';
import { wellnessFromHash } from './wellness';

describe('wellnessFromHash', () => {
  it('maps each hash to its api code', () => {
    expect(
      ['#energy', '#gut', '#metabolic', '#immunity', '#mind', '#sleep'].map((h) => wellnessFromHash(h).code),
    ).toEqual([
      'ENERGY_VITALITY',
      'GUT_DIGESTIVE_HARMONY',
      'METABOLIC_WELLNESS',
      'IMMUNITY_INFLAMMATION',
      'MIND_MOOD',
      'SLEEP_REST',
    ]);
  });

  it('falls back to energy for empty and unknown hashes', () => {
    for (const hash of ['', '#', '#dreams', null, undefined]) expect(wellnessFromHash(hash).key).toBe('energy');
  });

  it('ignores case and a missing #', () => {
    expect(wellnessFromHash('GUT').key).toBe('gut');
  });
});
