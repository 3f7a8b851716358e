// What a page tells search engines and link previews about itself: its canonical address (also og:url)
// and the picture a share shows, all on the store's one origin (server/http/site-origin.server).
import { siteHref } from '../../server/http/site-origin.server';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, ogImageFor } from './og-image';

export interface ShareMeta {
  canonical: string;
  image: { url: string; alt: string; width: number; height: number; type: 'image/jpeg' };
}

export function shareMeta(path: string, image?: string): ShareMeta {
  const og = ogImageFor(image);
  return {
    canonical: siteHref(path),
    image: { url: siteHref(og.path), alt: og.alt, width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, type: 'image/jpeg' },
  };
}
