// Query-string schemas for catalogue endpoints and pages: bad input falls back to defaults.
import { z } from 'zod';
import { SORTS } from './catalog.types';

export const listingQuery = z.object({
  sort: z.enum(SORTS).catch('featured'),
  category: z
    .string()
    .regex(/^[A-Z_]{1,64}$/)
    .nullable()
    .catch(null),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export const recommendationsQuery = z.object({
  // A control character (a NUL byte above all) cannot be in a category and PostgreSQL text refuses it.
  category: z
    .string()
    .max(100)
    .regex(/^\P{Cc}*$/u)
    .nullable()
    .catch(null),
  exclude: z.coerce.number().int().positive().max(2_147_483_647).nullable().catch(null), // a PostgreSQL integer
  limit: z.coerce.number().int().min(1).max(12).catch(4),
});

export function parseQuery<T extends z.ZodType>(schema: T, params: URLSearchParams): z.infer<T> {
  return schema.parse(Object.fromEntries([...params].filter(([, v]) => v !== '')));
}
