import { describe, expect, it } from 'vitest';
import {
  EDITORIAL_TEAM,
  ALL_CATEGORIES,
  articleJsonLd,
  assertUniqueSlugs,
  categoryFilters,
  countWords,
  latestNonFeatured,
  listView,
  pickFeatured,
  readTimeOf,
  WORDS_PER_MINUTE,
  relatedPosts,
  shareLinks,
  sortNewestFirst,
  type BlogPost,
} from './blog';

function post(slug: string, date: string, overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: slug,
    slug,
    title: slug,
    excerpt: 'Excerpt',
    image: '/placeholder.png',
    category: 'Sleep',
    date: new Date(date),
    author: EDITORIAL_TEAM,
    readTime: '5 min',
    featured: false,
    ...overrides,
  };
}

const older = post('older', '2025-01-01');
const newer = post('newer', '2025-06-01');
const newest = post('newest', '2025-12-01');

describe('sortNewestFirst', () => {
  it('orders by date, newest first, without touching the input', () => {
    const input = [older, newest, newer];
    expect(sortNewestFirst(input).map((p) => p.slug)).toEqual(['newest', 'newer', 'older']);
    expect(input[0]).toBe(older);
  });
});

describe('pickFeatured', () => {
  it('picks the newest featured post', () => {
    const posts = [post('a', '2025-03-01', { featured: true }), post('b', '2025-09-01', { featured: true }), newest];
    expect(pickFeatured(posts)?.slug).toBe('b');
  });

  it('is undefined when nothing is featured', () => {
    expect(pickFeatured([older, newer])).toBeUndefined();
  });
});

describe('latestNonFeatured', () => {
  it('keeps the newest posts that are not featured, up to the count', () => {
    const posts = [older, newer, newest, post('star', '2025-12-31', { featured: true })];
    expect(latestNonFeatured(posts, 2).map((p) => p.slug)).toEqual(['newest', 'newer']);
  });
});

describe('relatedPosts', () => {
  const current = post('current', '2025-05-01', { category: 'Gut Health' });
  const posts = [
    current,
    post('gut-old', '2025-01-01', { category: 'Gut Health' }),
    post('sleep-new', '2025-11-01', { category: 'Sleep' }),
    post('sleep-mid', '2025-08-01', { category: 'Sleep' }),
    post('gut-new', '2025-10-01', { category: 'Gut Health' }),
  ];

  it('lists the same category first, then others, newest first, never the current post', () => {
    expect(relatedPosts(posts, current).map((p) => p.slug)).toEqual(['gut-new', 'gut-old', 'sleep-new']);
  });

  it('falls back to other categories when the category has no other posts', () => {
    const lonely = post('lonely', '2025-02-01', { category: 'Rituals' });
    expect(relatedPosts([...posts, lonely], lonely).map((p) => p.slug)).toEqual(['sleep-new', 'gut-new', 'sleep-mid']);
  });
});

describe('categoryFilters', () => {
  it("starts with 'All' and lists each category once", () => {
    const posts = [
      post('a', '2025-01-01', { category: 'Sleep' }),
      post('b', '2025-01-02', { category: 'Immunity' }),
      post('c', '2025-01-03', { category: 'Sleep' }),
    ];
    expect(categoryFilters(posts)).toEqual([ALL_CATEGORIES, 'Immunity', 'Sleep']);
  });
});

describe('listView', () => {
  const cards = ['Sleep', 'Gut', 'Sleep', 'Gut', 'Sleep', 'Sleep', 'Gut', 'Sleep'];

  it('shows the first page of all cards and reports more remaining', () => {
    const view = listView(cards, ALL_CATEGORIES, 6);
    expect(view.visible).toEqual([true, true, true, true, true, true, false, false]);
    expect(view.hasMore).toBe(true);
  });

  it('shows everything once enough are revealed', () => {
    expect(listView(cards, ALL_CATEGORIES, 12)).toEqual({ visible: cards.map(() => true), hasMore: false });
  });

  it('counts only the cards of the chosen category', () => {
    const view = listView(cards, 'Sleep', 3);
    expect(view.visible).toEqual([true, false, true, false, true, false, false, false]);
    expect(view.hasMore).toBe(true);
    expect(listView(cards, 'Gut', 6).hasMore).toBe(false);
  });
});

describe('assertUniqueSlugs', () => {
  it('names both files when two titles share an address', () => {
    expect(() =>
      assertUniqueSlugs([
        { id: 'a.md', slug: 'x' },
        { id: 'b.md', slug: 'x' },
      ]),
    ).toThrow(/"a.md" and "b.md".*\/blog\/x/);
    expect(() =>
      assertUniqueSlugs([
        { id: 'a.md', slug: 'x' },
        { id: 'b.md', slug: 'y' },
      ]),
    ).not.toThrow();
  });
});

describe('articleJsonLd', () => {
  it('describes the article with absolute URLs and the publisher', () => {
    const site = new URL('https://vedara.example');
    const ld = articleJsonLd(post('melatonin', '2025-01-18', { title: 'Melatonin', image: '/banners/a.svg' }), site);
    expect(ld).toMatchObject({
      '@type': 'Article',
      headline: 'Melatonin',
      image: 'https://vedara.example/banners/a.svg',
      datePublished: '2025-01-18T00:00:00.000Z',
      author: { '@type': 'Organization', name: 'Vedara editorial team' },
      publisher: { name: 'Vedara Ayurveda' },
      mainEntityOfPage: { '@id': 'https://vedara.example/blog/melatonin' },
    });
  });

  it('names a real author an owner set as a person', () => {
    const ld = articleJsonLd(
      post('melatonin', '2025-01-18', { author: 'Asha Rao' }),
      new URL('https://vedara.example'),
    );
    expect(ld.author).toEqual({ '@type': 'Person', name: 'Asha Rao' });
  });
});

describe('shareLinks', () => {
  it('builds the real share addresses with the article URL encoded', () => {
    const links = shareLinks('https://vedara.example/blog/a?b=1', 'Sleep & Rest');
    expect(links.map((l) => l.href)).toEqual([
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fvedara.example%2Fblog%2Fa%3Fb%3D1',
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fvedara.example%2Fblog%2Fa%3Fb%3D1&text=Sleep%20%26%20Rest',
      'https://wa.me/?text=Sleep%20%26%20Rest%20https%3A%2F%2Fvedara.example%2Fblog%2Fa%3Fb%3D1',
    ]);
  });
});

describe('read time', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

  it('counts the words a reader reads, not Markdown, link targets, images or code', () => {
    expect(
      countWords(
        '## A heading\n\nSome *bold* text with [a link](https://example.com/very/long/path).\n\n![alt](/x.svg)\n\n```\ncode here\n```\n- one item',
      ),
    ).toBe(10);
    expect(countWords('अश्वगंधा की जड़')).toBe(3);
  });

  it('is the words at 200 a minute, rounded up, at least one minute', () => {
    expect(WORDS_PER_MINUTE).toBe(200);
    expect(readTimeOf(words(1), '8 min')).toBe('1 min');
    expect(readTimeOf(words(200), '8 min')).toBe('1 min');
    expect(readTimeOf(words(201), '8 min')).toBe('2 min');
    expect(readTimeOf(words(1017), '10 min')).toBe('6 min');
    expect(readTimeOf(words(1600), '5 min')).toBe('8 min');
    expect(readTimeOf(words(2201), '5 min')).toBe('12 min');
  });

  it('keeps the frontmatter figure only when there is nothing to count', () => {
    expect(readTimeOf('', '12 min')).toBe('12 min');
    expect(readTimeOf(undefined, '5 min')).toBe('5 min');
  });
});
