// The search box's input: what /search and the suggestions API accept.
import { z } from 'zod';

export const SEARCH_MAX_LENGTH = 80;

/** A trimmed query of at most 80 characters ('' when missing or unusable). */
export const searchQuery = z.string().trim().max(SEARCH_MAX_LENGTH).catch('');

/** The query as words: control characters (a NUL byte, which PostgreSQL text refuses) count as spaces. */
export function readSearchQuery(params: URLSearchParams): string {
  return searchQuery.parse((params.get('q') ?? '').replace(/\p{Cc}/gu, ' ')).replace(/\s+/g, ' ');
}
