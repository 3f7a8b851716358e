// A GSTIN (GST identification number), pure so the checkout island and the server share it: 15
// characters, the state code (01–38, or 97 for Other Territory), the PAN (5 letters, 4 digits, a
// letter), the registration's number in the state, a Z and the check character (the GSTN's mod-36
// checksum over the first 14). src/server/config/env.server.ts repeats the checksum (it imports nothing but zod).

const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^(0[1-9]|[12]\d|3[0-8]|97)[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const GSTIN_MESSAGE =
  'Enter the buyer’s 15-character GSTIN as on the registration certificate, e.g. 27AAPFU0939F1ZV, or leave it empty.';
export const GSTIN_CHECK_MESSAGE =
  'This GSTIN’s last character does not match the rest: please check it against the registration certificate.';

/** '27 aapfu 0939 f1zv' → '27AAPFU0939F1ZV'. */
export const normaliseGstin = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

/** The check character of a GSTIN's first 14 characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARACTERS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS[(36 - (sum % 36)) % 36];
}

/** Whether a (normalised) GSTIN has the right shape, a known state code and the right check character. */
export function isValidGstin(gstin: string): boolean {
  return SHAPE.test(gstin) && gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

/** The buyer's optional GSTIN from a form: empty is none, otherwise it must be valid. */
export function parseBuyerGstin(
  raw: string | undefined,
): { ok: true; gstin: string | null } | { ok: false; message: string } {
  const gstin = normaliseGstin(raw ?? '');
  if (!gstin) return { ok: true, gstin: null };
  if (!SHAPE.test(gstin)) return { ok: false, message: GSTIN_MESSAGE };
  if (!isValidGstin(gstin)) return { ok: false, message: GSTIN_CHECK_MESSAGE };
  return { ok: true, gstin };
}
