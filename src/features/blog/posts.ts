// Server-side access to the blog collection: loaded once per process, slugged, newest first.
import { getCollection, getEntry, render } from 'astro:content';
import { slugify } from '../../lib/slug';
import { assertUniqueSlugs, readTimeOf, sortNewestFirst, type BlogPost } from './blog';

let cached: Promise<BlogPost[]> | undefined;

export function getPosts(): Promise<BlogPost[]> {
  // The dev server must see edited articles, so only a built server keeps the list.
  if (import.meta.env.DEV) cached = undefined;
  cached ??= getCollection('blog').then((entries) => {
    const posts = entries.map((entry) => ({
      ...entry.data,
      readTime: readTimeOf(entry.body, entry.data.readTime),
      id: entry.id,
      slug: slugify(entry.data.title),
    }));
    assertUniqueSlugs(posts);
    return sortNewestFirst(posts);
  });
  return cached;
}

export async function renderPostBody(post: BlogPost) {
  const entry = await getEntry('blog', post.id);
  if (!entry) throw new Error(`Blog entry ${post.id} disappeared`);
  return render(entry);
}
