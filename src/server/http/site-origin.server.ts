// The store's one public origin. Canonical links, og:url, Open Graph images, JSON-LD, the sitemap, the
// RSS feed, robots.txt, share links and links in mails all come from here: SITE_URL's origin, or
// DEFAULT_SITE_URL when it is unset — the same default for the build (pre-rendered pages) and the server.
import { DEFAULT_SITE_URL, env } from '../config/env.server';

/** The origin (scheme, host, port; no path) of a SITE_URL value, or of the default when unset. */
export function siteOriginFrom(siteUrl: string | undefined): URL {
  return new URL(new URL(siteUrl || DEFAULT_SITE_URL).origin);
}

/** This store's public origin, from the validated configuration. */
export function siteOrigin(): URL {
  return siteOriginFrom(env().SITE_URL);
}

/** An absolute address on this store for a path ('/product/3'), or an address that already is one. */
export function siteHref(path: string): string {
  return new URL(path, siteOrigin()).href;
}
