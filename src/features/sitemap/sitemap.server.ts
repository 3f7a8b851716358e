// Collects what the sitemap lists: the catalogue from the database, the blog from the content collection.
import { getPosts } from '../blog/posts';
import { listProductIds } from '../catalog/catalog.server';
import { sitemapEntries, type SitemapEntry } from './sitemap';

export async function loadSitemapEntries(): Promise<SitemapEntry[]> {
  const [productIds, posts] = await Promise.all([listProductIds(), getPosts()]);
  return sitemapEntries(productIds, posts);
}
