// A product's gallery in the back office: images and videos uploaded into its storage folder
// product_images/{id}/, put in order and deleted. Files go through the store's one upload path
// (media/uploads.server.ts): judged by their bytes, images re-encoded to a clean WebP, videos kept as sent.
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { isVideo, mediaUrl } from '../catalog/catalog.server';
import {
  discardUnreferenced,
  discardUploads,
  IMAGE_MAX_SIDE,
  MAX_IMAGE_PIXELS,
  saveImage,
  saveVideo,
  serveUpload,
  uploadKeyOf,
} from '../../server/storage/uploads.server';
import { imageExtension } from '../../lib/image-type';
import { NO_SUCH_PRODUCT } from './form-values';
import { moveItem, type Direction } from './ordering';
import { refusal, type Refusal } from '../../lib/errors';

const MB = 1024 * 1024;
export const MEDIA_LIMITS = {
  imageBytes: 20 * MB,
  videoBytes: 50 * MB,
  maxSide: IMAGE_MAX_SIDE,
  maxPixels: MAX_IMAGE_PIXELS,
} as const;

export const MEDIA_MESSAGES = {
  missing: 'Choose an image or a video to upload.',
  imageTooLarge: 'Images must be at most 20 MB. Nothing was uploaded.',
  videoTooLarge: 'Videos must be at most 50 MB. Nothing was uploaded.',
  notMedia: 'That file is not a JPEG, PNG or WebP image, or an MP4, MOV or WebM video. Nothing was uploaded.',
  alt: 'Describe the image in at most 200 characters.',
} as const;

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>['transaction']>[0]>[0];

/** The card and page thumbnail is the gallery's first image. */
async function refreshThumbnail(tx: Tx, productId: number) {
  const media = await tx
    .select({ path: t.productMedia.path, stored: t.productMedia.stored })
    .from(t.productMedia)
    .where(eq(t.productMedia.productId, productId))
    .orderBy(asc(t.productMedia.position), asc(t.productMedia.id));
  const first = media.find((m) => !isVideo(m.path));
  const url = first ? mediaUrl(first) : null;
  await tx.update(t.products).set({ thumbnailUrl: url, image: url }).where(eq(t.products.id, productId));
}

export type UploadResult =
  | { ok: true; url: string }
  | Refusal<'not_found' | 'too_large' | 'unsupported' | 'unprocessable'>;

export async function addProductMedia(
  productId: number,
  file: FormDataEntryValue | null,
  altText: string,
): Promise<UploadResult> {
  if (!file || typeof file === 'string' || file.size === 0) return refusal('unprocessable', MEDIA_MESSAGES.missing);
  const alt = altText.trim();
  if (alt.length > 200) return refusal('unprocessable', MEDIA_MESSAGES.alt);
  if (file.size > MEDIA_LIMITS.videoBytes) return refusal('too_large', MEDIA_MESSAGES.videoTooLarge);
  const db = await getDb();
  const [product] = await db.select({ name: t.products.name }).from(t.products).where(eq(t.products.id, productId));
  if (!product) return refusal('not_found', NO_SUCH_PRODUCT);

  // Told apart by their first bytes; a picture is read whole to be re-encoded, a video streamed into storage.
  const folder = `product_images/${productId}` as const;
  const isImage = imageExtension(new Uint8Array(await file.slice(0, 64).arrayBuffer())) !== null;
  if (isImage && file.size > MEDIA_LIMITS.imageBytes) return refusal('too_large', MEDIA_MESSAGES.imageTooLarge);
  const saved = isImage
    ? await saveImage(folder, new Uint8Array(await file.arrayBuffer()))
    : await saveVideo(folder, file);
  if (!saved.ok) {
    return refusal(saved.code, isImage ? `${saved.message} Nothing was uploaded.` : MEDIA_MESSAGES.notMedia);
  }
  const path = uploadKeyOf(saved.url)!;
  try {
    await db.transaction(async (tx) => {
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${t.productMedia.position}) + 1, 0)`.mapWith(Number) })
        .from(t.productMedia)
        .where(eq(t.productMedia.productId, productId));
      await tx
        .insert(t.productMedia)
        .values({ productId, path, alt: alt || product.name, position: next, stored: true });
      await refreshThumbnail(tx, productId);
    });
  } catch (error) {
    await discardUploads([saved.url]); // e.g. the product was deleted meanwhile: leave no orphan file
    throw error;
  }
  return { ok: true, url: saved.url };
}

/** Moves one file of the gallery; false when it is not this product's. */
export async function moveProductMedia(productId: number, mediaId: number, direction: Direction): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: t.productMedia.id })
      .from(t.productMedia)
      .where(eq(t.productMedia.productId, productId))
      .orderBy(asc(t.productMedia.position), asc(t.productMedia.id))
      .for('update');
    if (!rows.some((r) => r.id === mediaId)) return false;
    const order = moveItem(
      rows.map((r) => r.id),
      mediaId,
      direction,
    );
    for (const [position, id] of order.entries())
      await tx.update(t.productMedia).set({ position }).where(eq(t.productMedia.id, id));
    await refreshThumbnail(tx, productId);
    return true;
  });
}

/** Removes one file from the gallery and, once that is committed, from storage unless another record shows it. */
export async function deleteProductMedia(productId: number, mediaId: number): Promise<boolean> {
  const db = await getDb();
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(t.productMedia)
      .where(and(eq(t.productMedia.id, mediaId), eq(t.productMedia.productId, productId)))
      .returning({ path: t.productMedia.path, stored: t.productMedia.stored });
    if (row) await refreshThumbnail(tx, productId);
    return row;
  });
  if (removed?.stored) await discardUnreferenced([mediaUrl(removed)]);
  return Boolean(removed);
}

/** GET /media/product_images/{id}/{file}: uploads never change under their random name, so browsers keep them a year. */
export async function serveProductMedia(
  request: Request,
  id: string | undefined,
  file: string | undefined,
): Promise<Response> {
  if (!/^\d{1,10}$/.test(id ?? '') || !/^[a-f0-9]{16}\.(webp|mp4|webm|mov)$/.test(file ?? ''))
    return new Response('Not found', { status: 404 });
  return serveUpload(request, `product_images/${Number(id)}`, file!, 'public, max-age=31536000, immutable');
}
