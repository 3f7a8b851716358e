import { describe, expect, it } from 'vitest';
import { INDIAN_STATES_AND_UTS, type IndianStateOrUt } from '../../lib/india';
import { checkPin, pinLiesIn, pinRefusal } from './delivery.server';
import { pinCount, statesOfPin } from './pin-directory.server';

/** A real PIN code (mostly the capital's head post office) in every state and union territory the checkout lists. */
const PIN_IN: Record<IndianStateOrUt, string> = {
  'Andhra Pradesh': '520001',
  'Arunachal Pradesh': '790001',
  Assam: '781001',
  Bihar: '800001',
  Chhattisgarh: '492001',
  Goa: '403001',
  Gujarat: '380001',
  Haryana: '122001',
  'Himachal Pradesh': '171001',
  Jharkhand: '834001',
  Karnataka: '560001',
  Kerala: '695001',
  'Madhya Pradesh': '462001',
  Maharashtra: '400001',
  Manipur: '795001',
  Meghalaya: '793001',
  Mizoram: '796001',
  Nagaland: '797001',
  Odisha: '751001',
  Punjab: '141001',
  Rajasthan: '302001',
  Sikkim: '737101',
  'Tamil Nadu': '600001',
  Telangana: '500001',
  Tripura: '799001',
  'Uttar Pradesh': '226001',
  Uttarakhand: '249401',
  'West Bengal': '700001',
  'Andaman and Nicobar Islands': '744101',
  Chandigarh: '160017',
  'Dadra and Nagar Haveli and Daman and Diu': '396210',
  Delhi: '110001',
  'Jammu and Kashmir': '190001',
  Ladakh: '194101',
  Lakshadweep: '682555',
  Puducherry: '605001',
};

describe('PIN-code directory (India Post, offline)', () => {
  it('holds the whole directory, not a pattern', () => {
    expect(pinCount()).toBeGreaterThan(19_000);
  });

  it('finds real PIN codes with their district and state (the store’s names)', async () => {
    expect(await checkPin('400001')).toMatchObject({
      ok: true,
      place: 'Mumbai, Maharashtra',
      zone: 'metro',
      cod: true,
    });
    expect(await checkPin('249401')).toMatchObject({ ok: true, place: 'Haridwar, Uttarakhand', zone: 'rest' });
    expect(await checkPin('500001')).toMatchObject({ ok: true, state: 'Telangana' });
    expect(await checkPin('194101')).toMatchObject({ ok: true, state: 'Ladakh', zone: 'remote' });
    expect(await checkPin(' 744101 ')).toMatchObject({ ok: true, state: 'Andaman and Nicobar Islands', cod: false });
  });

  it('says clearly when a PIN is malformed or does not exist', async () => {
    expect(await checkPin('12345')).toEqual({ ok: false, pin: '12345', message: 'Please enter a 6-digit PIN code.' });
    expect(await checkPin('999999')).toEqual({
      ok: false,
      pin: '999999',
      message: "We can't take orders to this PIN yet",
    });
  });

  it('lets checkout refuse unknown PINs and PINs without cash on delivery', () => {
    expect(pinRefusal({ pin: '400001', state: 'Maharashtra' })).toBeNull();
    expect(pinRefusal({ pin: '999999', state: 'Maharashtra' })).toBe("We can't take orders to this PIN yet");
    expect(pinRefusal({ pin: '744101', state: 'Andaman and Nicobar Islands' })).toContain(
      'Cash on delivery is not available for PIN code 744101',
    );
  });
});

describe('a PIN code lies in its state', () => {
  it('finds a PIN code in every state and union territory the checkout offers, and only there', () => {
    expect(Object.keys(PIN_IN).sort()).toEqual([...INDIAN_STATES_AND_UTS].sort());
    for (const state of INDIAN_STATES_AND_UTS) {
      expect(statesOfPin(PIN_IN[state]), state).toEqual([state]);
      expect(pinLiesIn(PIN_IN[state], state), state).toBe(true);
    }
    expect(pinLiesIn('110001', 'Maharashtra')).toBe(false);
    expect(pinLiesIn('400001', 'Delhi')).toBe(false);
    expect(pinLiesIn('999999', 'Delhi')).toBe(false);
  });

  it('reads the directory’s old names and the shopper’s spellings as the same place', () => {
    expect(pinLiesIn('751001', 'Orissa')).toBe(true);
    expect(pinLiesIn('605001', 'Pondicherry')).toBe(true);
    expect(pinLiesIn('492001', 'Chattisgarh')).toBe(true);
    expect(pinLiesIn('744101', 'Andaman & Nicobar')).toBe(true);
    // Dadra and Nagar Haveli (Silvassa) and Daman are one union territory since 2020.
    expect(pinLiesIn('396230', 'Dadra & Nagar Haveli')).toBe(true);
    expect(pinLiesIn('396210', 'Daman & Diu')).toBe(true);
    // Leh and Kargil are Ladakh now, not Jammu and Kashmir.
    expect(pinLiesIn('194101', 'Ladakh')).toBe(true);
    expect(pinLiesIn('194101', 'Jammu and Kashmir')).toBe(false);
    expect(pinLiesIn('190001', 'Jammu & Kashmir')).toBe(true);
    // Hyderabad has been in Telangana since 2014.
    expect(pinLiesIn('500001', 'Andhra Pradesh')).toBe(false);
  });

  it('accepts either state for a PIN whose post offices straddle a border', () => {
    expect(statesOfPin('605007')).toEqual(['Puducherry', 'Tamil Nadu']);
    expect(pinLiesIn('605007', 'Puducherry')).toBe(true);
    expect(pinLiesIn('605007', 'Tamil Nadu')).toBe(true);
    expect(pinLiesIn('605007', 'Kerala')).toBe(false);
  });

  it('lets checkout refuse a PIN outside the chosen state, naming both', () => {
    expect(pinRefusal({ pin: '110001', state: 'Maharashtra' })).toBe(
      'PIN code 110001 is in Delhi, not Maharashtra. Check the PIN code or the state.',
    );
    expect(pinRefusal({ pin: '605007', state: 'Kerala' })).toBe(
      'PIN code 605007 is in Puducherry or Tamil Nadu, not Kerala. Check the PIN code or the state.',
    );
    expect(pinRefusal({ pin: '560001', state: 'Karnataka' })).toBeNull();
  });
});
