import { describe, expect, it } from 'vitest';
import { blogPostSchema } from './blog.schema';

describe('blogPostSchema', () => {
  it('fills every missing field with the spec default', () => {
    const before = Date.now();
    const post = blogPostSchema.parse({});
    expect(post).toMatchObject({
      title: 'Untitled Post',
      excerpt: 'No description available.',
      image: '/placeholder.png',
      category: 'Uncategorized',
      author: 'Unknown',
      readTime: '5 min',
      featured: false,
    });
    expect(post.date.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('accepts a YAML date and a quoted ISO date', () => {
    expect(blogPostSchema.parse({ date: new Date('2025-03-15') }).date.toISOString()).toBe('2025-03-15T00:00:00.000Z');
    expect(blogPostSchema.parse({ date: '2025-03-15' }).date.toISOString()).toBe('2025-03-15T00:00:00.000Z');
  });

  it.each([
    ['a flag that is not a boolean', { featured: 'yes please' }],
    ['a date that is not a date', { date: 'last Tuesday' }],
    ['an impossible date', { date: '2025-13-45' }],
    ['a number as a date', { date: 20250315 }],
    ['a remote image', { image: 'https://example.com/a.jpg' }],
    ['a read time without minutes', { readTime: 'quick' }],
    ['an unknown field (likely a typo)', { featurd: true }],
  ])('rejects %s', (_label, frontmatter) => {
    expect(blogPostSchema.safeParse(frontmatter).success).toBe(false);
  });
});
