// Characters PostgreSQL refuses in text. Its text types cannot hold U+0000 (NUL): a query carrying one fails
// with "invalid byte sequence for encoding UTF8: 0x00", which would answer a 500 and write the query to the
// log. Every other character of a JavaScript string reaches PostgreSQL as valid UTF-8 (a lone surrogate is
// encoded as U+FFFD), so NUL is the one to refuse — at the HTTP boundary, with a 400, before any route runs.

export const REFUSED_CHARACTER_MESSAGE =
  'The request contains a character the store cannot accept (a NUL byte, %00). Please remove it and try again.';

export const hasRefusedCharacter = (text: string): boolean => text.includes('\u0000');

/** A path or query parameter (name or value) with a refused character once decoded. */
export function urlHasRefusedCharacter(url: URL): boolean {
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    /* a malformed escape is the route's to refuse; a raw %00 in it is still caught below */
  }
  if (hasRefusedCharacter(path) || /%00/.test(url.pathname)) return true;
  for (const [name, value] of url.searchParams) {
    if (hasRefusedCharacter(name) || hasRefusedCharacter(value)) return true;
  }
  return false;
}

/** A parsed JSON value with a refused character in any string or key, however deep. */
export function jsonHasRefusedCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasRefusedCharacter(value);
  if (typeof value !== 'object' || value === null) return false;
  if (depth > 64) return false; // JSON.parse already built it; nothing that deep is a form the store reads
  if (Array.isArray(value)) return value.some((item) => jsonHasRefusedCharacter(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => hasRefusedCharacter(key) || jsonHasRefusedCharacter(item, depth + 1),
  );
}

/** A form's field names, text values and file names; a file's bytes are its own business. */
export function formHasRefusedCharacter(form: FormData | URLSearchParams): boolean {
  for (const [name, value] of form as Iterable<[string, FormDataEntryValue]>) {
    if (hasRefusedCharacter(name)) return true;
    if (typeof value === 'string' ? hasRefusedCharacter(value) : hasRefusedCharacter(value.name)) return true;
  }
  return false;
}
