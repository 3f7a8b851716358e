// Where a cash-on-delivery refund goes: the UPI ID or bank account (with IFSC) the customer gives on the
// return form, checked for shape, and shown masked wherever it is displayed again. Pure.

/** A UPI ID (virtual payment address): a handle, '@', the bank's or app's name (name@okaxis). */
export const UPI_PATTERN = /^[A-Za-z0-9._-]{2,64}@[A-Za-z][A-Za-z0-9]{1,63}$/;
/** An Indian bank account number: 9 to 18 digits. */
export const ACCOUNT_PATTERN = /^\d{9,18}$/;
/** An IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export const PAYOUT_MESSAGES = {
  choose: 'Tell us where to send your refund: a UPI ID, or a bank account number with its IFSC.',
  upi: 'Enter a UPI ID such as name@okaxis.',
  account: 'Enter the bank account number: 9 to 18 digits.',
  ifsc: 'Enter the branch’s IFSC: 11 characters such as SBIN0001234.',
} as const;

export type PayoutDestination =
  | { upi: string; account: null; ifsc: null }
  | { upi: null; account: string; ifsc: string };
export type PayoutErrors = Partial<Record<'payout' | 'upi' | 'account' | 'ifsc', string>>;

/** The destination from the form's fields (`method` 'upi' or 'bank'), or what is wrong with it. */
export function readPayoutDestination(input: {
  method: string;
  upi: string;
  account: string;
  ifsc: string;
}): { ok: true; destination: PayoutDestination } | { ok: false; errors: PayoutErrors } {
  if (input.method === 'upi') {
    const upi = input.upi.trim();
    return UPI_PATTERN.test(upi)
      ? { ok: true, destination: { upi, account: null, ifsc: null } }
      : { ok: false, errors: { upi: PAYOUT_MESSAGES.upi } };
  }
  if (input.method === 'bank') {
    const account = input.account.replace(/[\s-]/g, '');
    const ifsc = input.ifsc.trim().toUpperCase();
    const errors: PayoutErrors = {};
    if (!ACCOUNT_PATTERN.test(account)) errors.account = PAYOUT_MESSAGES.account;
    if (!IFSC_PATTERN.test(ifsc)) errors.ifsc = PAYOUT_MESSAGES.ifsc;
    return Object.keys(errors).length ? { ok: false, errors } : { ok: true, destination: { upi: null, account, ifsc } };
  }
  return { ok: false, errors: { payout: PAYOUT_MESSAGES.choose } };
}

/** A UPI ID with the handle hidden but its first character: asha.k@okaxis → a•••@okaxis. */
export const maskUpi = (upi: string) => `${upi.slice(0, 1)}•••${upi.slice(upi.indexOf('@'))}`;
/** An account number with its last four digits only: ••••1234. */
export const maskAccount = (account: string) => `••••${account.slice(-4)}`;

type DestinationRow = { refundUpi: string | null; refundAccount: string | null; refundIfsc: string | null };

function describeDestination(row: DestinationRow, shown: (value: string, kind: 'upi' | 'account') => string) {
  if (row.refundUpi) return `UPI ${shown(row.refundUpi, 'upi')}`;
  if (row.refundAccount) return `Bank account ${shown(row.refundAccount, 'account')} (IFSC ${row.refundIfsc})`;
  return null;
}

/** The destination as the desk and the customer see it again, or null when none was given. */
export const maskedDestination = (row: DestinationRow): string | null =>
  describeDestination(row, (value, kind) => (kind === 'upi' ? maskUpi(value) : maskAccount(value)));

/**
 * The destination in full: only for the refund form of a member who may refund, who has to send the money
 * there (decision 0126-payout-destination-in-the-refund-form); masked everywhere else.
 */
export const fullDestination = (row: DestinationRow): string | null => describeDestination(row, (value) => value);
