import { describe, expect, it } from 'vitest';
import { GSTIN_CHECK_MESSAGE, GSTIN_MESSAGE, gstinCheckCharacter, isValidGstin, parseBuyerGstin } from './gstin';

describe('GSTIN', () => {
  it('accepts real registrations: the check character matches the GSTN checksum', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '24AAACC1206D1ZM'])
      expect(isValidGstin(gstin), gstin).toBe(true);
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('refuses a wrong check character, an unknown state code, the wrong shape or length', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false); // one character off
    expect(isValidGstin('27AAPFU0939F1ZV'.replace('0939', '0938'))).toBe(false); // a typo in the PAN
    expect(isValidGstin(`39${'AAPFU0939F1Z'}${gstinCheckCharacter('39AAPFU0939F1Z')}`)).toBe(false); // no state 39
    expect(isValidGstin(`97AAPFU0939F1Z${gstinCheckCharacter('97AAPFU0939F1Z')}`)).toBe(true); // Other Territory
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1ZVX')).toBe(false);
    expect(isValidGstin('05AAAAA0000A1Z5')).toBe(false); // the store's development placeholder is no registration
  });

  it('reads the buyer’s field: empty is none, spaces and case are forgiven, a bad one says what is wrong', () => {
    expect(parseBuyerGstin('')).toEqual({ ok: true, gstin: null });
    expect(parseBuyerGstin('   ')).toEqual({ ok: true, gstin: null });
    expect(parseBuyerGstin(' 27 aapfu 0939 f1zv ')).toEqual({ ok: true, gstin: '27AAPFU0939F1ZV' });
    expect(parseBuyerGstin('27AAPFU0939F1ZW')).toEqual({ ok: false, message: GSTIN_CHECK_MESSAGE });
    expect(parseBuyerGstin('ABC')).toEqual({ ok: false, message: GSTIN_MESSAGE });
  });
});
