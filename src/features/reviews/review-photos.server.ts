// A review's photos through the store's media pipeline: judged by their bytes (sniffMedia), decoded and
// re-encoded by sharp to WebP with every piece of metadata (EXIF location, camera) dropped
// (reencodeImage, as the back office's gallery does), then kept in storage under reviews/.
import { reencodeImage, sniffMedia } from '../catalog-desk/media.server';
import { saveImageUpload } from '../media/uploads.server';

/** The stored photos' URLs, or null (nothing stored) when one of them is not a readable image. */
export async function saveReviewPhotos(prefix: string, files: File[]): Promise<string[] | null> {
  const encoded: Uint8Array[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (sniffMedia(bytes) !== 'image') return null;
    const clean = await reencodeImage(bytes);
    if (!clean) return null;
    encoded.push(clean);
  }
  const urls: string[] = [];
  for (const bytes of encoded) {
    const url = await saveImageUpload('reviews', `review-${prefix}`, bytes);
    if (!url) return null;
    urls.push(url);
  }
  return urls;
}
