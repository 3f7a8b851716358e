// CSV for spreadsheets (RFC 4180): fields quoted when they hold a comma, quote or line break, quotes
// doubled, CRLF line ends. A field a spreadsheet would read as a formula (=, +, -, @, tab, CR at the
// start) is prefixed with an apostrophe so opening an export never runs what a visitor typed.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | Date | null | undefined): string {
  let text = value == null ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | Date | null | undefined)[])[],
): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
