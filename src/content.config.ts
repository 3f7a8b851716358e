import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { blogPostSchema } from './features/blog/blog.schema';

const policies = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/policies' }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    lastUpdated: z.coerce.date(),
  }),
});

const blog = defineCollection({
  loader: glob({ pattern: '**/*.{md,mdx}', base: './content/blog' }),
  schema: blogPostSchema,
});

export const collections = { policies, blog };
