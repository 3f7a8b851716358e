import { describe, expect, it } from 'vitest';
import { validateContact } from './checkout';

describe('validateContact', () => {
  const valid = {
    email: ' Asha@Example.IN ',
    phone: '+91 98765 43210',
    address: {
      name: 'Asha Rao',
      line1: '12 Ganga Road',
      line2: '',
      city: 'Haridwar',
      state: 'Uttarakhand',
      pin: '249401',
    },
  };

  it('normalises email and mobile', () => {
    const result = validateContact(valid);
    expect(result.ok && result.data).toMatchObject({
      email: 'asha@example.in',
      phone: '9876543210',
      address: { state: 'Uttarakhand', pin: '249401' },
    });
  });

  it('keeps the state under the store’s name however it was written', () => {
    const result = validateContact({ ...valid, address: { ...valid.address, state: 'Uttaranchal' } });
    expect(result.ok && result.data.address.state).toBe('Uttarakhand');
  });

  it('names each wrong field', () => {
    const result = validateContact({
      email: 'asha@',
      phone: '12345',
      address: { ...valid.address, name: ' ', state: 'Atlantis', pin: '012345' },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'name', 'phone', 'pin', 'state']);
    expect(result.errors.pin).toBe('Please enter a 6-digit PIN code.');
  });
});
