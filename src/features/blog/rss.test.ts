import { describe, expect, it } from 'vitest';
import type { BlogPost } from './blog';
import { rssFeed } from './rss';

const post: BlogPost = {
  id: 'gut.md',
  slug: 'gut-brain-connection-digestion-mood-energy',
  title: 'Gut-Brain Connection: Digestion, Mood & Energy',
  excerpt: 'Your gut <and> brain "talk".',
  image: '/banners/wellness-gut.svg',
  category: 'Gut Health',
  date: new Date('2025-06-28T00:00:00Z'),
  author: 'Kavya Menon',
  readTime: '12 min',
  featured: false,
};

describe('rssFeed', () => {
  const xml = rssFeed([post], new URL('https://vedara.example'));

  it('escapes markup characters', () => {
    expect(xml).toContain('<title>Gut-Brain Connection: Digestion, Mood &amp; Energy</title>');
    expect(xml).toContain('<description>Your gut &lt;and&gt; brain &quot;talk&quot;.</description>');
  });

  it('links each item to its article with an RFC 822 date', () => {
    expect(xml).toContain('<link>https://vedara.example/blog/gut-brain-connection-digestion-mood-energy</link>');
    expect(xml).toContain('<pubDate>Sat, 28 Jun 2025 00:00:00 GMT</pubDate>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
  });
});
