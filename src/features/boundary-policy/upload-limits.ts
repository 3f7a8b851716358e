// Which pages take bodies larger than the default 2 MB (and who may send them: upload-rights.server.ts),
// which take only small ones, and the largest cap of all (astro.config.mjs sets the server's backstop to
// it). The HTTP boundary asks through the registered upload policy.
import { DEFAULT_BODY_LIMIT, type UploadLimit } from '../../server/http/body-limit';
import { MAX_PHOTO_BYTES, MAX_RETURN_PHOTOS, MAX_VIDEO_BYTES } from '../orders/returns-policy';
import { REVIEW_FORM_BYTES } from '../reviews/review-rules';
import { VITALS_BODY_LIMIT, VITALS_PATH } from '../vitals/vitals';

const MB = 1024 * 1024;
/** A return request: every photo and the unboxing video at their largest, plus the form's text. */
const RETURN_FORM_LIMIT = MAX_RETURN_PHOTOS * MAX_PHOTO_BYTES + MAX_VIDEO_BYTES + MB;

/** Pages that take uploads, longest prefix first; everything else gets DEFAULT_BODY_LIMIT. */
export const UPLOAD_BODY_LIMITS: readonly UploadLimit[] = [
  { prefix: '/admin/', limit: 60 * MB, right: 'staff' }, // product media on the back office
  { prefix: '/dashboard/profile', limit: 4 * MB, right: 'account' }, // one profile image of 2 MB at most
  { prefix: '/dashboard/reviews/', limit: REVIEW_FORM_BYTES, right: 'account' }, // a review with its photos
  { prefix: '/orders/', limit: RETURN_FORM_LIMIT, right: 'order' }, // a return with its photos and unboxing video
  { prefix: '/order/', limit: RETURN_FORM_LIMIT, right: 'order' },
];

/** Endpoints whose bodies are always small: whoever sends them is held to this cap, below the default. */
export const SMALL_BODY_LIMITS: readonly { path: string; limit: number }[] = [
  { path: VITALS_PATH, limit: VITALS_BODY_LIMIT }, // a web-vitals beacon: a template name and a few numbers
];

/** The cap for a sender not known to be entitled to the page's upload cap: DEFAULT_BODY_LIMIT or a smaller one. */
export function baseLimitFor(pathname: string): number {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return SMALL_BODY_LIMITS.find((s) => s.path === path)?.limit ?? DEFAULT_BODY_LIMIT;
}

/** The largest cap of all: the server's own backstop (adapter bodySizeLimit) must not be lower. */
export const MAX_BODY_LIMIT = Math.max(DEFAULT_BODY_LIMIT, ...UPLOAD_BODY_LIMITS.map((u) => u.limit));

/** The page's upload cap and who may use it, or undefined when the page takes no uploads. */
export function uploadLimitFor(pathname: string): UploadLimit | undefined {
  const path = pathname.toLowerCase();
  return UPLOAD_BODY_LIMITS.find((u) => path.startsWith(u.prefix) || `${path}/` === u.prefix);
}

/** The most a page accepts from someone entitled to its upload cap. */
export function bodyLimitFor(pathname: string): number {
  return uploadLimitFor(pathname)?.limit ?? DEFAULT_BODY_LIMIT;
}
