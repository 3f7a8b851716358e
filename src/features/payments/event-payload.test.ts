// A webhook's payload as kept: ids, amounts and states only, never the payer's details.
import { describe, expect, it } from 'vitest';
import { withoutPayerFields } from './event-payload';

describe('withoutPayerFields', () => {
  it('keeps what processing reads and drops the payer’s email, phone, UPI ID, card and the link’s customer', () => {
    const payment = {
      id: 'pay_1',
      entity: 'payment',
      amount: 49900,
      currency: 'INR',
      status: 'captured',
      method: 'upi',
      order_id: 'order_1',
    };
    const kept = withoutPayerFields({
      payment: {
        entity: {
          ...payment,
          email: 'payer@example.in',
          contact: '+919812345670',
          vpa: 'payer@okaxis',
          card: { last4: '1111', name: 'Payer Name' },
          notes: { address: '7 Lane' },
          acquirer_data: { rrn: '123' },
          description: 'Order VA-1 for Payer Name',
        },
      },
      payment_link: {
        entity: {
          id: 'plink_1',
          reference_id: 'VA-1',
          status: 'paid',
          customer: { name: 'Payer Name', email: 'payer@example.in', contact: '+919812345670' },
          short_url: 'https://rzp.io/x',
        },
      },
    });
    expect(kept).toEqual({
      payment: { entity: payment },
      payment_link: { entity: { id: 'plink_1', reference_id: 'VA-1', status: 'paid' } },
    });
    expect(JSON.stringify(kept)).not.toMatch(/payer|9812345670|okaxis|1111/i);
  });
});
