import { describe, expect, it } from 'vitest';
import { parseLineToken, placeOrderRequestFromForm } from './checkout.schema';

describe('checkout form lines', () => {
  it("reads 'productId:months:quantity', defaulting to one pack of one month", () => {
    expect(parseLineToken('4:2:3')).toEqual({ productId: 4, months: 2, quantity: 3 });
    expect(parseLineToken('7')).toEqual({ productId: 7, months: 1, quantity: 1 });
  });

  it('drops lines the cart would refuse', () => {
    for (const bad of ['4:0:1', '4:5:1', '4:1:0', '0', 'abc', '4:1:1:1']) expect(parseLineToken(bad), bad).toBeNull();
  });

  it('turns a posted form into an order request (prices are not part of it)', () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ email: 'a@example.in', phone: '9876543210', name: 'Asha', line1: '12 Road', city: 'Pune', state: 'Maharashtra', pin: '411001', idempotencyKey: 'k'.repeat(20), price: '1' })) form.set(k, v);
    form.append('line', '1:1:2');
    form.append('line', 'nonsense');
    expect(placeOrderRequestFromForm(form)).toEqual({
      email: 'a@example.in', phone: '9876543210', code: '', idempotencyKey: 'k'.repeat(20), usePoints: false,
      address: { name: 'Asha', line1: '12 Road', line2: '', city: 'Pune', state: 'Maharashtra', pin: '411001' },
      items: [{ productId: 1, months: 1, quantity: 2 }],
    });
  });
});
