// Profile images uploaded by customers (kept under DATA_DIR/uploads/avatars).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRoute } from 'astro';
import { avatarDir } from '../../../features/auth/profile.server';

export const prerender = false;
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

export const GET: APIRoute = async ({ params }) => {
  const file = params.file ?? '';
  const ext = file.split('.').pop() ?? '';
  if (!/^[\w-]+\.(png|jpg|webp)$/.test(file)) return new Response('Not found', { status: 404 });
  try {
    const body = await readFile(path.join(avatarDir(), file));
    // Names are random per upload, so the image never changes under one URL.
    return new Response(body, { headers: { 'content-type': TYPES[ext], 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' } });
  } catch {
    return new Response('Not found', { status: 404 });
  }
};
