// Images customers upload (profile images, return photos), kept in the store's storage under
// {kind}/. Names are random per upload, so a file never changes under its URL.
import { randomBytes } from 'node:crypto';
import { IMAGE_CONTENT_TYPES, imageExtension } from '../../lib/image-type';
import { storage } from './storage.server';

export type UploadKind = 'avatars' | 'returns';

/** Stores an image and returns its URL, or null when the bytes are not a PNG, JPEG or WebP image. */
export async function saveImageUpload(kind: UploadKind, prefix: string, bytes: Uint8Array): Promise<string | null> {
  const ext = imageExtension(bytes);
  if (!ext) return null;
  const name = `${prefix.replace(/[^\w-]/g, '')}-${randomBytes(6).toString('hex')}.${ext}`;
  await storage().put(`${kind}/${name}`, bytes, IMAGE_CONTENT_TYPES[ext]);
  return `/media/${kind}/${name}`;
}

/** The HTTP answer for one stored upload (404 for anything that is not one). */
export async function serveUpload(kind: UploadKind, file: string, cacheControl: string): Promise<Response> {
  if (!/^[\w-]+\.(png|jpg|webp)$/.test(file)) return new Response('Not found', { status: 404 });
  const object = await storage().get(`${kind}/${file}`);
  if (!object) return new Response('Not found', { status: 404 });
  return new Response(object.body, {
    headers: { 'content-type': object.contentType, 'cache-control': cacheControl, 'x-content-type-options': 'nosniff' },
  });
}
