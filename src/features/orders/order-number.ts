// Order numbers: 'VA-' and 8 readable characters. Pure.

/** No 0/O, 1/I/L: easy to read aloud and type from a phone call or a parcel label. */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const ORDER_NUMBER_PATTERN = new RegExp(`^VA-[${ORDER_NUMBER_ALPHABET}]{8}$`);

/** 'VA-' and 8 random readable characters (31^8 ≈ 8.5 × 10^11 possibilities). */
export function generateOrderNumber(
  randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  // 248 = 8 × 31: rejecting bytes above it keeps every character equally likely.
  let code = '';
  while (code.length < 8) {
    for (const byte of randomBytes(16)) {
      if (byte < 248 && code.length < 8) code += ORDER_NUMBER_ALPHABET[byte % 31];
    }
  }
  return `VA-${code}`;
}

/** What a shopper typed as an order ID, in the stored form (trimmed, upper case). */
export const normaliseOrderNumber = (input: string) => input.trim().toUpperCase();
export const isOrderNumber = (value: string) => ORDER_NUMBER_PATTERN.test(value);
