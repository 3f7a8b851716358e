// Other names a product is searched by (products.search_aliases: a Hindi name, a spelling shoppers
// use): the product form takes them separated by commas or new lines. Each is trimmed with its inner
// spaces made single, duplicates (ignoring case) dropped, and the list is capped.
import { z } from 'zod';

export const SEARCH_ALIAS_LIMITS = { count: 20, length: 60 } as const;
export const SEARCH_ALIAS_MESSAGE = `Search aliases: use up to ${SEARCH_ALIAS_LIMITS.count} names of at most ${SEARCH_ALIAS_LIMITS.length} characters each, separated by commas or new lines.`;

export const searchAliasesSchema = z
  .string()
  .max(5_000, SEARCH_ALIAS_MESSAGE)
  .transform((text) => {
    const seen = new Set<string>();
    return text
      .split(/[,\n\r،、]+/u)
      .map((alias) => alias.replace(/\s+/gu, ' ').trim())
      .filter((alias) => {
        const key = alias.toLocaleLowerCase('en-IN');
        if (!alias || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  })
  .pipe(
    z
      .array(z.string().max(SEARCH_ALIAS_LIMITS.length, SEARCH_ALIAS_MESSAGE))
      .max(SEARCH_ALIAS_LIMITS.count, SEARCH_ALIAS_MESSAGE),
  );

/** The aliases in the form's text, or null when they break the limits. */
export function parseSearchAliases(text: string): string[] | null {
  const parsed = searchAliasesSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}

/** How the form shows stored aliases: one per line. */
export const searchAliasesText = (aliases: readonly string[]) => aliases.join('\n');
