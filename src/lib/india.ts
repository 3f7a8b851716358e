// Indian address and phone rules shared by the checkout form (browser) and the server.

/** All 28 states and 8 union territories, as shoppers write them. */
export const INDIAN_STATES_AND_UTS = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

export type IndianStateOrUt = (typeof INDIAN_STATES_AND_UTS)[number];

/**
 * Other names for the same state or union territory: India Post's older spellings (its directory still
 * uses them), the names before renaming, and the two union territories merged in 2020.
 */
const STATE_NAME_VARIANTS: Record<string, IndianStateOrUt> = {
  orissa: 'Odisha',
  pondicherry: 'Puducherry',
  uttaranchal: 'Uttarakhand',
  chattisgarh: 'Chhattisgarh',
  'andaman and nicobar': 'Andaman and Nicobar Islands',
  'dadra and nagar haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'daman and diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'new delhi': 'Delhi',
  'nct of delhi': 'Delhi',
};
const STATE_BY_KEY = new Map<string, IndianStateOrUt>([
  ...INDIAN_STATES_AND_UTS.map((state) => [state.toLowerCase(), state] as const),
  ...Object.entries(STATE_NAME_VARIANTS),
]);

/** The store's name for a state or union territory written any usual way ('Orissa', 'Jammu & Kashmir'), or null. */
export function indianStateOrUt(name: string): IndianStateOrUt | null {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/\s*&\s*/g, ' and ')
    .replace(/\s+/g, ' ');
  return STATE_BY_KEY.get(key) ?? null;
}

/**
 * A mobile number as 10 digits, or null. Indian mobiles start with 6–9; a +91 or 0 prefix and
 * spaces, dashes or brackets are accepted and dropped.
 */
export function normaliseIndianMobile(raw: string): string | null {
  const compact = raw.replace(/[\s\-()]/g, '');
  const match = /^(?:\+91|0)?([6-9]\d{9})$/.exec(compact);
  return match ? match[1] : null;
}

/** An Indian mobile as it is kept on an account and sent to (+91 and ten digits), or null for any other number. */
export function indianMobileE164(raw: string): string | null {
  const mobile = normaliseIndianMobile(raw);
  return mobile ? `+91${mobile}` : null;
}

/** '+91 98765 43210' for a mobile kept as +91 and ten digits (anything else is shown as it is). */
export function formatIndianMobile(phone: string): string {
  const mobile = normaliseIndianMobile(phone);
  return mobile ? `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}` : phone;
}

/** Tap-to-call and WhatsApp links for an Indian mobile (the desk calls to confirm COD orders), or null for another number. */
export function mobileLinks(raw: string): { tel: string; whatsapp: string } | null {
  const mobile = normaliseIndianMobile(raw);
  return mobile ? { tel: `tel:+91${mobile}`, whatsapp: `https://wa.me/91${mobile}` } : null;
}

/** What a shopper reads wherever an Indian mobile number is asked for (checkout, quiz consultation). */
export const INDIAN_MOBILE_MESSAGE = 'Please enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9).';

/** PIN codes are 6 digits and never start with 0. */
export const isValidPinCode = (pin: string) => /^[1-9]\d{5}$/.test(pin.trim());
