import { describe, expect, it } from 'vitest';
import { placeOrderRequestFromForm, placeOrderRequestFromJson } from './checkout.schema';

describe('place-order requests', () => {
  it('reads a posted form: contact, address, points and the total the shopper saw', () => {
    const form = {
      email: 'asha@example.in',
      phone: '98765 43210',
      name: 'Asha',
      line1: '12 Ganga Road',
      line2: '',
      city: 'Haridwar',
      state: 'Uttarakhand',
      pin: '249401',
      idempotencyKey: 'key-1234567890abcdef',
      usePoints: 'on',
      expectedTotal: '949',
    };
    expect(placeOrderRequestFromForm(form)).toEqual({
      email: 'asha@example.in',
      phone: '98765 43210',
      idempotencyKey: 'key-1234567890abcdef',
      usePoints: true,
      expectedTotal: 949,
      address: {
        name: 'Asha',
        line1: '12 Ganga Road',
        line2: '',
        city: 'Haridwar',
        state: 'Uttarakhand',
        pin: '249401',
      },
    });
  });

  it('treats a malformed total as unknown rather than failing', () => {
    expect(placeOrderRequestFromForm({ expectedTotal: 'abc' }).expectedTotal).toBeNull();
    expect(placeOrderRequestFromForm({ expectedTotal: '-5' }).expectedTotal).toBeNull();
    expect(placeOrderRequestFromJson({ expectedTotal: 1.5 }).expectedTotal).toBeNull();
  });

  it('reads any JSON body without throwing: arrays, strings and null become an empty request', () => {
    for (const body of [[1, 2], 'x', null, 42, { address: 'nope', usePoints: 'yes' }]) {
      expect(placeOrderRequestFromJson(body)).toMatchObject({
        email: '',
        usePoints: false,
        expectedTotal: null,
        address: { pin: '' },
      });
    }
  });
});
