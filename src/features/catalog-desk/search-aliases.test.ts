import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSearchAliases, SEARCH_ALIAS_LIMITS, searchAliasesText } from './search-aliases';

describe('parseSearchAliases', () => {
  it('splits on commas and new lines, trims, makes inner spaces single and drops duplicates ignoring case', () => {
    expect(parseSearchAliases(' अश्वगंधा ,ashwagandha\r\nWinter   Cherry\n\nwinter cherry, ,ASHWAGANDHA')).toEqual([
      'अश्वगंधा',
      'ashwagandha',
      'Winter Cherry',
    ]);
    expect(parseSearchAliases('')).toEqual([]);
  });

  it('refuses more than the cap or an over-long name', () => {
    const many = Array.from({ length: SEARCH_ALIAS_LIMITS.count + 1 }, (_, i) => `name ${i}`).join(',');
    expect(parseSearchAliases(many)).toBeNull();
    expect(parseSearchAliases('x'.repeat(SEARCH_ALIAS_LIMITS.length + 1))).toBeNull();
    expect(
      parseSearchAliases(Array.from({ length: SEARCH_ALIAS_LIMITS.count }, (_, i) => `name ${i}`).join('\n')),
    ).toHaveLength(SEARCH_ALIAS_LIMITS.count);
  });

  it('reads back what the form shows unchanged', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 20 }), { maxLength: 10 }), (names) => {
        const once = parseSearchAliases(names.join(','));
        if (!once) return;
        expect(parseSearchAliases(searchAliasesText(once))).toEqual(once);
        for (const alias of once) expect(alias).toBe(alias.trim());
        expect(new Set(once.map((a) => a.toLocaleLowerCase('en-IN'))).size).toBe(once.length);
      }),
    );
  });
});
