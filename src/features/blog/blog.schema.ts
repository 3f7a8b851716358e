// Blog post frontmatter (spec §6 'Blog post'). Every field has the spec's default, but a value that
// is present must already have the right type: a typo'd flag or date fails the build instead of
// being coerced into something plausible.
import { z } from 'astro/zod';

// YAML turns an unquoted 2025-03-15 into a Date; a quoted one stays a string, so accept both forms.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const publishedDate = z
  .union([z.date(), z.string().regex(ISO_DATE, 'Expected a date like 2025-03-15')])
  .pipe(z.coerce.date({ error: 'Not a real calendar date' }));

export const blogPostSchema = z.strictObject({
  title: z.string().trim().min(1).default('Untitled Post'),
  excerpt: z.string().trim().min(1).default('No description available.'),
  // Local files only: no page may make a request that leaves the machine.
  image: z.string().startsWith('/', 'Use a local image path such as /blog/sleep.svg').default('/placeholder.png'),
  category: z.string().trim().min(1).default('Uncategorized'),
  date: publishedDate.default(() => new Date()),
  author: z.string().trim().min(1).default('Unknown'),
  readTime: z
    .string()
    .regex(/^\d+ min$/, 'Expected a read time like "8 min"')
    .default('5 min'),
  featured: z.boolean().default(false),
});

export type BlogPostData = z.infer<typeof blogPostSchema>;
