import { describe, expect, it } from 'vitest';
import { placeOrderRequestFromForm, placeOrderRequestFromJson } from './checkout.schema';

describe('place-order requests', () => {
  it('reads a posted form: contact, address, points, the total the shopper saw and how they pay', () => {
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
      whatsappUpdates: 'on',
      reminders: 'on',
      expectedTotal: '949',
      paymentMethod: 'online',
    };
    expect(placeOrderRequestFromForm(form)).toEqual({
      email: 'asha@example.in',
      phone: '98765 43210',
      idempotencyKey: 'key-1234567890abcdef',
      usePoints: true,
      whatsappUpdates: true,
      reminders: true,
      expectedTotal: 949,
      paymentMethod: 'online',
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

  it('takes anything but "online" as cash on delivery', () => {
    expect(placeOrderRequestFromForm({}).paymentMethod).toBe('cod');
    expect(placeOrderRequestFromForm({ paymentMethod: 'card' }).paymentMethod).toBe('cod');
    expect(placeOrderRequestFromJson({ paymentMethod: 'online' }).paymentMethod).toBe('online');
    expect(placeOrderRequestFromJson({ paymentMethod: 7 }).paymentMethod).toBe('cod');
  });

  it('takes WhatsApp updates as opted in only when the box was ticked', () => {
    expect(placeOrderRequestFromForm({}).whatsappUpdates).toBe(false);
    expect(placeOrderRequestFromJson({}).whatsappUpdates).toBe(false);
    expect(placeOrderRequestFromJson({ whatsappUpdates: 'yes' }).whatsappUpdates).toBe(false);
    expect(placeOrderRequestFromJson({ whatsappUpdates: true }).whatsappUpdates).toBe(true);
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
