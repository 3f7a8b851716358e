// Every file a person sends the store goes through here and nowhere else: profile images, review and
// return photos, the product gallery's images and videos (docs/decisions: one image upload path).
// An image is judged by its first bytes (PNG, JPEG or WebP), its size in pixels is read from its header
// before anything is decoded, and sharp decodes it and writes a new WebP: turned upright by its EXIF
// orientation, at most IMAGE_MAX_SIDE px a side, with no metadata (EXIF, GPS, XMP, ICC). So what is
// stored is only an image this code made, whatever else the upload carried (a script appended to a
// JPEG, a camera's location). Videos (no transcoder on the machine) are judged by their first bytes and
// kept as sent. Names are made here (random, the type's extension), never the client's.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { refusal, type Refusal } from '../../lib/errors';
import { imageExtension } from '../../lib/image-type';
import { VIDEO_CONTENT_TYPES, videoExtension } from '../../lib/video-type';
import { serveStored } from './serve-stored.server';
import { type StoredBody, storage } from './storage.server';

/** Above this many pixels an image is refused before it is decoded (a decoded 40 MP image is 160 MB of memory). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The longest side of a stored image. */
export const IMAGE_MAX_SIDE = 2000;
const WEBP_QUALITY = 82;

export const UPLOAD_MESSAGES = {
  notImage: 'That file is not a JPEG, PNG or WebP image.',
  tooManyPixels: `That image is too large (max ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`,
  unreadable: 'That image could not be read. Please save it again as a JPEG or PNG.',
  notVideo: 'That file is not an MP4, MOV or WebM video.',
} as const;

/** Why a file was not stored. */
export type UploadRefusal = Refusal<'unsupported' | 'too_large' | 'unprocessable'>;

const NOT_IMAGE = refusal('unsupported', UPLOAD_MESSAGES.notImage);
const TOO_MANY_PIXELS = refusal('too_large', UPLOAD_MESSAGES.tooManyPixels);
const UNREADABLE = refusal('unprocessable', UPLOAD_MESSAGES.unreadable);

const SHARP_FORMAT = { png: 'png', jpg: 'jpeg', webp: 'webp' } as const;

/** The uploaded bytes as a clean WebP, or why not. Nothing is decoded before the type and the pixel count pass. */
export async function reencodeImage(bytes: Uint8Array): Promise<{ ok: true; webp: Uint8Array } | UploadRefusal> {
  const ext = imageExtension(bytes);
  if (!ext) return NOT_IMAGE;
  // metadata() reads the header alone, so a tiny file declaring 20 000 × 20 000 pixels costs nothing here.
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height || header.format !== SHARP_FORMAT[ext]) return UNREADABLE;
  if (header.width * header.height > MAX_IMAGE_PIXELS) return TOO_MANY_PIXELS;
  try {
    const webp = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate() // upright by the EXIF orientation, before the metadata goes (sharp writes none unless asked)
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    return { ok: true, webp: new Uint8Array(webp) };
  } catch {
    return UNREADABLE;
  }
}

/** The storage folders of uploads; each is served under /media/{folder}/. */
export type UploadFolder = 'avatars' | 'returns' | 'reviews' | `product_images/${number}`;

const UPLOAD_URL = /^\/media\/((?:avatars|returns|reviews|product_images\/\d{1,10})\/[\w-]+\.[a-z0-9]+)$/;

/** The storage key of an upload's address ('/media/avatars/x.webp' → 'avatars/x.webp'); null for any other address. */
export function uploadKeyOf(url: string): string | null {
  return UPLOAD_URL.exec(url)?.[1] ?? null;
}

/** The part of an upload's name that says whose it is (an account, an order): letters, digits, '_' and '-'. */
const ownerPart = (owner: string) => owner.replace(/[^\w-]/g, '');

/** `{owner}-{16 hex}.{ext}`, the rest random. */
const fileName = (prefix: string, ext: string) =>
  `${ownerPart(prefix) ? `${ownerPart(prefix)}-` : ''}${randomBytes(8).toString('hex')}.${ext}`;

async function store(
  folder: UploadFolder,
  prefix: string,
  body: StoredBody,
  ext: string,
  contentType: string,
): Promise<string> {
  const key = `${folder}/${fileName(prefix, ext)}`;
  await storage().put(key, body, contentType);
  return `/media/${key}`;
}

/** Checks, re-encodes and stores one image; its address, or why nothing was stored. */
export async function saveImage(
  folder: UploadFolder,
  bytes: Uint8Array,
  prefix = '',
): Promise<{ ok: true; url: string } | UploadRefusal> {
  const clean = await reencodeImage(bytes);
  if (!clean.ok) return clean;
  return { ok: true, url: await store(folder, prefix, clean.webp, 'webp', 'image/webp') };
}

/**
 * Several photos of one form, all or none: at the first refused one, those already stored are removed
 * and the refusal names which photo it was ("Photo 2: …") when there are several.
 */
export async function saveImages(
  folder: UploadFolder,
  files: readonly File[],
  prefix = '',
): Promise<{ ok: true; urls: string[] } | UploadRefusal> {
  const urls: string[] = [];
  try {
    for (const [index, file] of files.entries()) {
      const saved = await saveImage(folder, new Uint8Array(await file.arrayBuffer()), prefix);
      if (!saved.ok) {
        await discardUploads(urls.splice(0));
        return files.length > 1 ? { ...saved, message: `Photo ${index + 1}: ${saved.message}` } : saved;
      }
      urls.push(saved.url);
    }
  } catch (error) {
    await discardUploads(urls);
    throw error;
  }
  return { ok: true, urls };
}

/**
 * Stores a video as sent (an MP4, MOV or WebM by its first bytes); its address, or why nothing was
 * stored. A Blob (a large upload, on disk) is streamed into storage, never held whole in memory.
 */
export async function saveVideo(
  folder: UploadFolder,
  video: Blob | Uint8Array,
  prefix = '',
): Promise<{ ok: true; url: string } | UploadRefusal> {
  const head = video instanceof Blob ? new Uint8Array(await video.slice(0, 64).arrayBuffer()) : video;
  const ext = videoExtension(head);
  if (!ext) return refusal('unsupported', UPLOAD_MESSAGES.notVideo);
  return { ok: true, url: await store(folder, prefix, video, ext, VIDEO_CONTENT_TYPES[ext]) };
}

/** The account's profile image address the upload path made (its name starts with the account's id) and storage still holds. */
export async function isAvatarUploadOf(userId: string, image: unknown): Promise<boolean> {
  const prefix = ownerPart(userId);
  if (typeof image !== 'string' || !prefix || !new RegExp(`^/media/avatars/${prefix}-[0-9a-f]{16}\\.webp$`).test(image))
    return false;
  return (await storage().stat(uploadKeyOf(image)!)) !== null;
}

/**
 * Every column that holds the address of an upload (exported for the test that keeps this list whole).
 * `product_media.path` holds the storage key instead ('product_images/1/x.webp').
 */
export const UPLOAD_ADDRESS_COLUMNS = [
  t.user.image,
  t.organization.logo,
  t.products.thumbnailUrl,
  t.products.image,
  t.products.imageSrc,
  t.wellnessGoals.image,
  t.returns.video,
] as const;
export const UPLOAD_ADDRESS_LIST_COLUMNS = [t.productReviews.photos, t.returns.photos] as const;

/** Whether any record (an account, review, return, product, gallery or wellness goal) still shows the upload. */
export async function isUploadReferenced(url: string): Promise<boolean> {
  const uses = [
    ...UPLOAD_ADDRESS_COLUMNS.map((column) => sql`select 1 from ${column.table} where ${column} = ${url}`),
    ...UPLOAD_ADDRESS_LIST_COLUMNS.map(
      (column) => sql`select 1 from ${column.table} where ${column} @> ${JSON.stringify([url])}::jsonb`,
    ),
    sql`select 1 from ${t.productMedia} where ${t.productMedia.stored} and ${t.productMedia.path} = ${uploadKeyOf(url)}`,
  ];
  const found = await (await getDb())
    .select({ one: sql<number>`1` })
    .from(sql`(${sql.join(uses, sql` union all `)}) as uses`)
    .limit(1);
  return found.length > 0;
}

/**
 * Removes uploads no record has ever shown (those of a business step that did not happen), so a refused
 * or failed request leaves no orphan file. Best effort: a failure is logged, never thrown over the answer
 * the person is waiting for.
 */
export async function discardUploads(urls: readonly string[]): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      const key = uploadKeyOf(url);
      if (!key) return;
      try {
        await storage().delete(key);
      } catch (error) {
        console.error(`Could not remove the unused upload ${url}`, error);
      }
    }),
  );
}

/**
 * Removes uploads a record stopped showing (a replaced profile image or review photo, a gallery file
 * deleted), each only when no other record shows it. Call it once that change is committed. Best effort.
 */
export async function discardUnreferenced(urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    try {
      if (uploadKeyOf(url) && !(await isUploadReferenced(url))) await discardUploads([url]);
    } catch (error) {
      console.error(`Could not remove the unused upload ${url}`, error);
    }
  }
}

/** The HTTP answer for one stored upload (404 for anything that is not one), with Range support for videos. */
export async function serveUpload(
  request: Request,
  folder: UploadFolder,
  file: string,
  cacheControl: string,
): Promise<Response> {
  if (!/^[\w-]+\.(png|jpg|webp|mp4|webm|mov)$/.test(file)) return new Response('Not found', { status: 404 });
  return serveStored(request, `${folder}/${file}`, { 'cache-control': cacheControl });
}
