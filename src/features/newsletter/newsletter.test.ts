import { describe, expect, it } from 'vitest';
import { normaliseEmail } from './newsletter';

describe('normaliseEmail (spec §5 newsletter rule)', () => {
  it('accepts text@text.text, trimmed and lower-cased', () => {
    expect(normaliseEmail('  Asha.R@Example.IN ')).toBe('asha.r@example.in');
  });

  it('rejects missing parts, spaces inside and non-strings', () => {
    for (const bad of ['', 'asha', 'asha@', 'asha@example', '@example.in', 'as ha@example.in', 'a@b@c.in', 42, null]) {
      expect(normaliseEmail(bad)).toBeNull();
    }
  });
});
