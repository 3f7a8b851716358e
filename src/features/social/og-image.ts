// Open Graph / X pictures. WhatsApp and Facebook show no SVG, so each of our SVG pictures that a page
// shares has a 1200×630 JPEG made by scripts/generate-art.mjs (listed in og-images.json); any other
// picture (an upload, an address typed in the back office) shares the store's branded default card.
import OG_IMAGES from './og-images.json';

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

export interface OgImage {
  /** Path on this site, e.g. /og/product-3.jpg. */
  path: string;
  alt: string;
}

const images: Record<string, OgImage | undefined> = OG_IMAGES.images;

/** The shareable JPEG for a page whose picture is `image` (a path on this site), or the default card. */
export function ogImageFor(image: string | undefined): OgImage {
  return (image && images[image]) || OG_IMAGES.default;
}
