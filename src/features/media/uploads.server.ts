// Images customers upload (profile images, return photos, review photos), kept in the store's storage under
// {kind}/. Names are random per upload, so a file never changes under its URL.
import { randomBytes } from 'node:crypto';
import { IMAGE_CONTENT_TYPES, imageExtension } from '../../lib/image-type';
import { VIDEO_CONTENT_TYPES, videoExtension } from '../../lib/video-type';
import { serveStored } from './serve-stored.server';
import { storage } from './storage.server';

export type UploadKind = 'avatars' | 'returns' | 'reviews';

async function saveUpload(kind: UploadKind, prefix: string, bytes: Uint8Array, ext: string, contentType: string) {
  const name = `${prefix.replace(/[^\w-]/g, '')}-${randomBytes(6).toString('hex')}.${ext}`;
  await storage().put(`${kind}/${name}`, bytes, contentType);
  return `/media/${kind}/${name}`;
}

/** Stores an image and returns its URL, or null when the bytes are not a PNG, JPEG or WebP image. */
export async function saveImageUpload(kind: UploadKind, prefix: string, bytes: Uint8Array): Promise<string | null> {
  const ext = imageExtension(bytes);
  return ext && saveUpload(kind, prefix, bytes, ext, IMAGE_CONTENT_TYPES[ext]);
}

/** Stores a video and returns its URL, or null when the bytes are not an MP4, MOV or WebM video. */
export async function saveVideoUpload(kind: UploadKind, prefix: string, bytes: Uint8Array): Promise<string | null> {
  const ext = videoExtension(bytes);
  return ext && saveUpload(kind, prefix, bytes, ext, VIDEO_CONTENT_TYPES[ext]);
}

/**
 * Removes uploads (by the URLs the save functions returned) that nothing shows: those of a business step
 * that did not happen, so a refused or failed request leaves no orphan file, and a replaced profile
 * image. Best effort: a failure is logged, never thrown over the answer the customer is waiting for.
 */
export async function discardUploads(urls: readonly string[]): Promise<void> {
  await Promise.all(urls.map(async (url) => {
    const match = /^\/media\/(avatars|returns)\/([\w-]+\.[a-z0-9]+)$/.exec(url);
    if (!match) return;
    try {
      await storage().delete(`${match[1]}/${match[2]}`);
    } catch (error) {
      console.error(`Could not remove the unused upload ${url}`, error);
    }
  }));
}

/** The HTTP answer for one stored upload (404 for anything that is not one), with Range support for videos. */
export async function serveUpload(request: Request, kind: UploadKind, file: string, cacheControl: string): Promise<Response> {
  if (!/^[\w-]+\.(png|jpg|webp|mp4|webm|mov)$/.test(file)) return new Response('Not found', { status: 404 });
  return serveStored(request, `${kind}/${file}`, { 'cache-control': cacheControl });
}
