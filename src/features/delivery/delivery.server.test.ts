import { describe, expect, it } from 'vitest';
import { checkPin, pinRefusal } from './delivery.server';
import { pinCount } from './pin-directory.server';

describe('PIN-code directory (India Post, offline)', () => {
  it('holds the whole directory, not a pattern', () => {
    expect(pinCount()).toBeGreaterThan(19_000);
  });

  it('finds real PIN codes with their district and state (the store’s names)', async () => {
    expect(await checkPin('400001')).toMatchObject({ ok: true, place: 'Mumbai, Maharashtra', zone: 'metro', cod: true });
    expect(await checkPin('249401')).toMatchObject({ ok: true, place: 'Haridwar, Uttarakhand', zone: 'rest' });
    expect(await checkPin('500001')).toMatchObject({ ok: true, state: 'Telangana' });
    expect(await checkPin('194101')).toMatchObject({ ok: true, state: 'Ladakh', zone: 'remote' });
    expect(await checkPin(' 744101 ')).toMatchObject({ ok: true, state: 'Andaman and Nicobar Islands', cod: false });
  });

  it('says clearly when a PIN is malformed or does not exist', async () => {
    expect(await checkPin('12345')).toEqual({ ok: false, pin: '12345', message: 'Please enter a 6-digit PIN code.' });
    expect(await checkPin('999999')).toEqual({ ok: false, pin: '999999', message: "We could not find PIN code 999999 in India Post's directory. Please check it." });
  });

  it('lets checkout refuse unknown PINs and PINs without cash on delivery', () => {
    expect(pinRefusal('400001')).toBeNull();
    expect(pinRefusal('999999')).toContain('could not find PIN code 999999');
    expect(pinRefusal('744101')).toContain('Cash on delivery is not available for PIN code 744101');
  });
});
