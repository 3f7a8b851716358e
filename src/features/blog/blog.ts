// Pure blog rules (spec §2 'Blog', §9): ordering, featured pick, related posts, list paging.
import type { BlogPostData } from './blog.schema';

export type BlogPost = BlogPostData & {
  /** Address segment, from the title (spec §6). */
  slug: string;
  /** Content-collection entry id, needed to render the body. */
  id: string;
};

export const ALL_CATEGORIES = 'All';
export const PAGE_SIZE = 6;
export const LIST_SIDEBAR_COUNT = 5;
export const ARTICLE_SIDEBAR_COUNT = 6;
export const RELATED_COUNT = 3;
/** Adult silent reading of non-fiction runs at about 200–240 words a minute; we count the slower 200 (the spec's read times). */
export const WORDS_PER_MINUTE = 200;

/** Words a reader reads in a Markdown body: link targets, images, code fences and markup do not count. */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ') // fenced code
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ') // images
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links keep their text
    .replace(/<[^>]+>/g, ' ') // HTML tags
    .replace(/[#>*_`~|-]+/g, ' '); // Markdown punctuation
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * 'N min' from the article's own words (rounded up, at least 1); the frontmatter's figure (the spec's
 * list) only when there is no body to count.
 */
export function readTimeOf(body: string | undefined, fallback: string): string {
  const words = body ? countWords(body) : 0;
  return words > 0 ? `${Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))} min` : fallback;
}

type Dated = Pick<BlogPost, 'date'>;

export function sortNewestFirst<T extends Dated>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => b.date.getTime() - a.date.getTime());
}

/** The banner post on /blog: the newest of those flagged featured. */
export function pickFeatured<T extends Dated & Pick<BlogPost, 'featured'>>(posts: readonly T[]): T | undefined {
  return sortNewestFirst(posts.filter((post) => post.featured))[0];
}

/** Newest posts that are not flagged featured (the 'Latest Posts' sidebars). */
export function latestNonFeatured<T extends Dated & Pick<BlogPost, 'featured'>>(
  posts: readonly T[],
  count: number,
): T[] {
  return sortNewestFirst(posts.filter((post) => !post.featured)).slice(0, count);
}

/** Up to `count` other posts: same category first, then the rest, each group newest first. */
export function relatedPosts<T extends Dated & Pick<BlogPost, 'slug' | 'category'>>(
  posts: readonly T[],
  current: T,
  count = RELATED_COUNT,
): T[] {
  const others = sortNewestFirst(posts.filter((post) => post.slug !== current.slug));
  const sameCategory = others.filter((post) => post.category === current.category);
  const rest = others.filter((post) => post.category !== current.category);
  return [...sameCategory, ...rest].slice(0, count);
}

/** Filter buttons: 'All' then every category once, alphabetically. */
export function categoryFilters(posts: readonly Pick<BlogPost, 'category'>[]): string[] {
  const categories = [...new Set(posts.map((post) => post.category))].sort((a, b) => a.localeCompare(b));
  return [ALL_CATEGORIES, ...categories];
}

export interface ListView {
  /** Whether each card (in page order) is shown. */
  visible: boolean[];
  /** More matching cards remain hidden ('Loading...' rather than 'No more posts'). */
  hasMore: boolean;
}

/** Which grid cards show for a category once `revealed` cards have been let through. */
export function listView(cardCategories: readonly string[], category: string, revealed: number): ListView {
  let matched = 0;
  const visible = cardCategories.map((cardCategory) => {
    if (category !== ALL_CATEGORIES && cardCategory !== category) return false;
    matched += 1;
    return matched <= revealed;
  });
  return { visible, hasMore: matched > revealed };
}

/** Two titles that slugify alike would make one article unreachable: refuse to build. */
export function assertUniqueSlugs(posts: readonly Pick<BlogPost, 'slug' | 'id'>[]): void {
  const seen = new Map<string, string>();
  for (const post of posts) {
    const clash = seen.get(post.slug);
    if (clash)
      throw new Error(
        `Blog posts "${clash}" and "${post.id}" both have the address /blog/${post.slug}; change one title.`,
      );
    seen.set(post.slug, post.id);
  }
}

const longDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

export function formatPostDate(date: Date): string {
  return longDate.format(date);
}

/** The YYYY-MM-DD form for <time datetime>. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function postPath(post: Pick<BlogPost, 'slug'>): string {
  return `/blog/${post.slug}`;
}

/**
 * Who signs an article nobody in particular wrote: the brand's editors, with no invented name or degree
 * (decision 0075-claims-guard). An owner sets a real person's name in the article's `author` instead.
 */
export const EDITORIAL_TEAM = 'Vedara editorial team';

/** schema.org Article for search engines. */
export function articleJsonLd(post: BlogPost, site: URL): Record<string, unknown> {
  const url = new URL(postPath(post), site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.excerpt,
    image: new URL(post.image, site).href,
    datePublished: post.date.toISOString(),
    author: { '@type': post.author === EDITORIAL_TEAM ? 'Organization' : 'Person', name: post.author },
    publisher: {
      '@type': 'Organization',
      name: 'Vedara Ayurveda',
      logo: { '@type': 'ImageObject', url: new URL('/logo.svg', site).href },
    },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    articleSection: post.category,
  };
}

/** Share addresses of the three networks the spec names. */
export function shareLinks(url: string, title: string): { network: string; href: string }[] {
  const u = encodeURIComponent(url);
  return [
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'X (Twitter)', href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}` },
    { network: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];
}
