// A product's gallery in the back office: images and videos uploaded into its storage folder
// product_images/{id}/, put in order and deleted. Files are judged by their bytes, never their name or
// the browser's claim. Images are decoded and re-encoded with sharp (at most 2000 px a side, WebP,
// metadata such as EXIF location dropped), so what is served is always a plain image this code made.
// SVG (which can carry script) and every other format is refused. Videos are kept as uploaded (MP4 or WebM).
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { mediaUrl } from '../catalog/catalog.server';
import { serveStored } from '../media/serve-stored.server';
import { storage } from '../media/storage.server';
import { moveItem, type Direction } from './ordering';

const MB = 1024 * 1024;
export const MEDIA_LIMITS = { imageBytes: 20 * MB, videoBytes: 50 * MB, maxSide: 2000 } as const;

export const MEDIA_MESSAGES = {
  missing: 'Choose an image or a video to upload.',
  imageTooLarge: 'Images must be at most 20 MB. Nothing was uploaded.',
  videoTooLarge: 'Videos must be at most 50 MB. Nothing was uploaded.',
  svg: 'SVG files are not accepted (they can carry script): upload a PNG, JPEG or WebP image. Nothing was uploaded.',
  notMedia: 'That file is not a PNG, JPEG, WebP, GIF or AVIF image, or an MP4 or WebM video. Nothing was uploaded.',
  unreadable: 'That image could not be read. Please export it again as JPEG or PNG. Nothing was uploaded.',
  alt: 'Describe the image in at most 200 characters.',
} as const;

export type MediaKind = 'image' | 'mp4' | 'webm' | 'svg';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));

/** What the first bytes say the file is; null for anything else. */
export function sniffMedia(bytes: Uint8Array): MediaKind | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG') return 'image';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image';
  if (/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'image';
  if (ascii(bytes, 4, 8) === 'ftyp') return /^avi[fs]$/.test(ascii(bytes, 8, 12)) ? 'image' : 'mp4';
  // EBML header; WebM names its doctype within the first bytes (Matroska files say 'matroska').
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return ascii(bytes, 0, 64).includes('webm') ? 'webm' : null;
  const head = new TextDecoder().decode(bytes.slice(0, 1024)).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (head.startsWith('<') && head.includes('<svg')) return 'svg';
  return null;
}

/** Decodes any raster image sharp reads and writes a clean WebP of at most maxSide px a side. */
export async function reencodeImage(bytes: Uint8Array): Promise<Uint8Array | null> {
  try {
    const output = await sharp(bytes, { limitInputPixels: 60_000_000, failOn: 'error' })
      .rotate() // apply the EXIF orientation before the metadata goes
      .resize({ width: MEDIA_LIMITS.maxSide, height: MEDIA_LIMITS.maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return new Uint8Array(output);
  } catch {
    return null;
  }
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>['transaction']>[0]>[0];

/** The card and page thumbnail is the gallery's first image. */
async function refreshThumbnail(tx: Tx, productId: number) {
  const media = await tx.select({ path: t.productMedia.path, stored: t.productMedia.stored }).from(t.productMedia)
    .where(eq(t.productMedia.productId, productId)).orderBy(asc(t.productMedia.position), asc(t.productMedia.id));
  const first = media.find((m) => !/\.(mp4|webm|ogg)$/i.test(m.path));
  const url = first ? mediaUrl(first) : null;
  await tx.update(t.products).set({ thumbnailUrl: url, image: url }).where(eq(t.products.id, productId));
}

export type UploadResult = { ok: true; url: string } | { ok: false; status: 404 | 413 | 415 | 422; message: string };

export async function addProductMedia(productId: number, file: FormDataEntryValue | null, altText: string): Promise<UploadResult> {
  if (!file || typeof file === 'string' || file.size === 0) return { ok: false, status: 422, message: MEDIA_MESSAGES.missing };
  const alt = altText.trim();
  if (alt.length > 200) return { ok: false, status: 422, message: MEDIA_MESSAGES.alt };
  if (file.size > MEDIA_LIMITS.videoBytes) return { ok: false, status: 413, message: MEDIA_MESSAGES.videoTooLarge };
  const db = await getDb();
  const [product] = await db.select({ name: t.products.name }).from(t.products).where(eq(t.products.id, productId));
  if (!product) return { ok: false, status: 404, message: 'There is no such product.' };

  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffMedia(bytes);
  if (kind === 'svg') return { ok: false, status: 415, message: MEDIA_MESSAGES.svg };
  if (!kind) return { ok: false, status: 415, message: MEDIA_MESSAGES.notMedia };
  if (kind === 'image' && bytes.length > MEDIA_LIMITS.imageBytes) return { ok: false, status: 413, message: MEDIA_MESSAGES.imageTooLarge };
  const body = kind === 'image' ? await reencodeImage(bytes) : bytes;
  if (!body) return { ok: false, status: 422, message: MEDIA_MESSAGES.unreadable };

  const extension = kind === 'image' ? 'webp' : kind;
  const path = `product_images/${productId}/${randomBytes(8).toString('hex')}.${extension}`;
  await storage().put(path, body, kind === 'image' ? 'image/webp' : `video/${kind}`);
  try {
    await db.transaction(async (tx) => {
      const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${t.productMedia.position}) + 1, 0)`.mapWith(Number) })
        .from(t.productMedia).where(eq(t.productMedia.productId, productId));
      await tx.insert(t.productMedia).values({ productId, path, alt: alt || product.name, position: next, stored: true });
      await refreshThumbnail(tx, productId);
    });
  } catch (error) {
    await storage().delete(path); // e.g. the product was deleted meanwhile: leave no orphan file
    throw error;
  }
  return { ok: true, url: mediaUrl({ path, stored: true }) };
}

/** Moves one file of the gallery; false when it is not this product's. */
export async function moveProductMedia(productId: number, mediaId: number, direction: Direction): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: t.productMedia.id }).from(t.productMedia).where(eq(t.productMedia.productId, productId))
      .orderBy(asc(t.productMedia.position), asc(t.productMedia.id)).for('update');
    if (!rows.some((r) => r.id === mediaId)) return false;
    const order = moveItem(rows.map((r) => r.id), mediaId, direction);
    for (const [position, id] of order.entries()) await tx.update(t.productMedia).set({ position }).where(eq(t.productMedia.id, id));
    await refreshThumbnail(tx, productId);
    return true;
  });
}

/** Removes one file from the gallery and, once that is committed, from storage. */
export async function deleteProductMedia(productId: number, mediaId: number): Promise<boolean> {
  const db = await getDb();
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(t.productMedia).where(and(eq(t.productMedia.id, mediaId), eq(t.productMedia.productId, productId)))
      .returning({ path: t.productMedia.path, stored: t.productMedia.stored });
    if (row) await refreshThumbnail(tx, productId);
    return row;
  });
  if (removed?.stored) await storage().delete(removed.path);
  return Boolean(removed);
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', mp4: 'video/mp4', webm: 'video/webm' };

/** GET /media/product_images/{id}/{file}: uploads never change under their random name, so browsers keep them a year. */
export async function serveProductMedia(request: Request, id: string | undefined, file: string | undefined): Promise<Response> {
  const match = /^[a-f0-9]{16}\.(webp|mp4|webm)$/.exec(file ?? '');
  if (!/^\d{1,10}$/.test(id ?? '') || !match) return new Response('Not found', { status: 404 });
  return serveStored(request, `product_images/${id}/${file}`, { 'content-type': CONTENT_TYPES[match[1]], 'cache-control': 'public, max-age=31536000, immutable' });
}
