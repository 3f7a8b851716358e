// Small readers shared by the catalogue desk's forms.

/** Above a desk form refused for its fields (each field says what is wrong). */
export const CHECK_FIELDS = 'Please check the details marked below. Nothing was changed.';
export const NO_SUCH_PRODUCT = 'There is no such product.';

/** '450' → 450 when it is a whole number within [min, max]; anything else ('-5', '4.5', '1e3') → null. */
export function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d{1,9}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/** A PostgreSQL unique violation (23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 4;
    current = current.cause as typeof current, depth++
  ) {
    if (current.code === '23505') return true;
  }
  return false;
}

/** A text field of a posted form, trimmed, with Windows line ends made plain ('' when missing or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.replace(/\r\n/g, '\n').trim() : '';
}
