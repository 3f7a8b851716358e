// Indian address and phone rules shared by the checkout form (browser) and the server.

/** All 28 states and 8 union territories, as shoppers write them. */
export const INDIAN_STATES_AND_UTS = [
  'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chhattisgarh', 'Goa', 'Gujarat', 'Haryana',
  'Himachal Pradesh', 'Jharkhand', 'Karnataka', 'Kerala', 'Madhya Pradesh', 'Maharashtra', 'Manipur',
  'Meghalaya', 'Mizoram', 'Nagaland', 'Odisha', 'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana',
  'Tripura', 'Uttar Pradesh', 'Uttarakhand', 'West Bengal',
  'Andaman and Nicobar Islands', 'Chandigarh', 'Dadra and Nagar Haveli and Daman and Diu', 'Delhi',
  'Jammu and Kashmir', 'Ladakh', 'Lakshadweep', 'Puducherry',
] as const;

export type IndianStateOrUt = (typeof INDIAN_STATES_AND_UTS)[number];

/**
 * A mobile number as 10 digits, or null. Indian mobiles start with 6–9; a +91 or 0 prefix and
 * spaces, dashes or brackets are accepted and dropped.
 */
export function normaliseIndianMobile(raw: string): string | null {
  const compact = raw.replace(/[\s\-()]/g, '');
  const match = /^(?:\+91|0)?([6-9]\d{9})$/.exec(compact);
  return match ? match[1] : null;
}

/** What a shopper reads wherever an Indian mobile number is asked for (checkout, quiz consultation). */
export const INDIAN_MOBILE_MESSAGE = 'Please enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9).';

/** PIN codes are 6 digits and never start with 0. */
export const isValidPinCode = (pin: string) => /^[1-9]\d{5}$/.test(pin.trim());
