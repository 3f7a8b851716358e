import { describe, expect, it } from 'vitest';
import { fullDestination, maskedDestination, PAYOUT_MESSAGES, readPayoutDestination } from './payout';

const form = (fields: Partial<{ method: string; upi: string; account: string; ifsc: string }>) =>
  readPayoutDestination({ method: '', upi: '', account: '', ifsc: '', ...fields });

describe('the refund destination of a cash-on-delivery return', () => {
  it('takes a UPI ID of the name@bank shape', () => {
    expect(form({ method: 'upi', upi: ' asha.k@okaxis ' })).toEqual({
      ok: true,
      destination: { upi: 'asha.k@okaxis', account: null, ifsc: null },
    });
    for (const upi of ['asha', 'asha@', '@okaxis', 'asha@ok axis', 'a@okaxis'])
      expect(form({ method: 'upi', upi }), upi).toEqual({ ok: false, errors: { upi: PAYOUT_MESSAGES.upi } });
  });

  it('takes a bank account of 9 to 18 digits with an IFSC of the bank’s shape', () => {
    expect(form({ method: 'bank', account: '1234 5678 9012', ifsc: 'sbin0001234' })).toEqual({
      ok: true,
      destination: { upi: null, account: '123456789012', ifsc: 'SBIN0001234' },
    });
    expect(form({ method: 'bank', account: '12345678', ifsc: 'SBIN1001234' })).toEqual({
      ok: false,
      errors: { account: PAYOUT_MESSAGES.account, ifsc: PAYOUT_MESSAGES.ifsc },
    });
  });

  it('asks for one of the two', () => {
    expect(form({ upi: 'asha@okaxis' })).toEqual({ ok: false, errors: { payout: PAYOUT_MESSAGES.choose } });
  });

  it('shows it masked', () => {
    expect(maskedDestination({ refundUpi: 'asha.k@okaxis', refundAccount: null, refundIfsc: null })).toBe(
      'UPI a•••@okaxis',
    );
    expect(maskedDestination({ refundUpi: null, refundAccount: '123456781234', refundIfsc: 'SBIN0001234' })).toBe(
      'Bank account ••••1234 (IFSC SBIN0001234)',
    );
    expect(maskedDestination({ refundUpi: null, refundAccount: null, refundIfsc: null })).toBeNull();
  });

  it('shows it in full for the refund form, in the same words', () => {
    expect(fullDestination({ refundUpi: 'asha.k@okaxis', refundAccount: null, refundIfsc: null })).toBe(
      'UPI asha.k@okaxis',
    );
    expect(fullDestination({ refundUpi: null, refundAccount: '123456781234', refundIfsc: 'SBIN0001234' })).toBe(
      'Bank account 123456781234 (IFSC SBIN0001234)',
    );
    expect(fullDestination({ refundUpi: null, refundAccount: null, refundIfsc: null })).toBeNull();
  });
});
