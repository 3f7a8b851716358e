import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

/** A strict RFC 4180 reader, to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('asha@example.in')).toBe('asha@example.in');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("http://evil.test","x")')).toBe(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csvField('+91 98765')).toBe("'+91 98765");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(null)).toBe('');
    expect(toCsv(['email', 'source'], [['a@b.in', 'footer']])).toBe('email,source\r\na@b.in,footer\r\n');
  });

  it('reads back every value as written (formulas only gain their apostrophe)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme-ascii' }), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (rows) => {
          const width = rows[0].length;
          const table = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
          const parsed = parseCsv(toCsv(table[0], table.slice(1)));
          expect(parsed).toEqual(table.map((r) => r.map((v) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v))));
          for (const cell of parsed.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        },
      ),
    );
  });
});
