// Files customers upload (profile images, return photos), kept under DATA_DIR/uploads/{kind}. Names
// are random per upload, so a file never changes under its URL.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '../../db/client';
import { IMAGE_CONTENT_TYPES, imageExtension } from '../../lib/image-type';

export type UploadKind = 'avatars' | 'returns';

const uploadDir = (kind: UploadKind) => path.join(dataDir(), 'uploads', kind);

/** Stores an image and returns its URL, or null when the bytes are not a PNG, JPEG or WebP image. */
export function saveImageUpload(kind: UploadKind, prefix: string, bytes: Uint8Array): string | null {
  const ext = imageExtension(bytes);
  if (!ext) return null;
  mkdirSync(uploadDir(kind), { recursive: true });
  const name = `${prefix.replace(/[^\w-]/g, '')}-${randomBytes(6).toString('hex')}.${ext}`;
  writeFileSync(path.join(uploadDir(kind), name), bytes);
  return `/media/${kind}/${name}`;
}

/** The HTTP answer for one stored upload (404 for anything that is not one). */
export async function serveUpload(kind: UploadKind, file: string, cacheControl: string): Promise<Response> {
  const match = /^[\w-]+\.(png|jpg|webp)$/.exec(file);
  if (!match) return new Response('Not found', { status: 404 });
  try {
    const body = await readFile(path.join(uploadDir(kind), file));
    return new Response(body, { headers: {
      'content-type': IMAGE_CONTENT_TYPES[match[1] as keyof typeof IMAGE_CONTENT_TYPES], 'cache-control': cacheControl, 'x-content-type-options': 'nosniff',
    } });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}
