// RSS 2.0 feed of the blog, written by hand: small enough not to need a package.
import { escapeXml } from '../../lib/xml';
import { postPath, type BlogPost } from './blog';

export function rssFeed(posts: readonly BlogPost[], site: URL): string {
  const blogUrl = new URL('/blog', site).href;
  const items = posts.map((post) => {
    const url = new URL(postPath(post), site).href;
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${post.date.toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      `      <category>${escapeXml(post.category)}</category>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      '    </item>',
    ].join('\n');
  });
  const lastBuild = posts[0]?.date ?? new Date(0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    '    <title>Vedara Ayurveda: Insights &amp; Articles</title>',
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <atom:link href="${escapeXml(new URL('/rss.xml', site).href)}" rel="self" type="application/rss+xml" />`,
    '    <description>Ayurvedic wellness, rituals and herbs, explained by the Vedara Ayurveda team.</description>',
    '    <language>en-in</language>',
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
