// Where uploaded files live, behind one interface so several store processes can share them.
// Keys are bucket paths ('avatars/x.png', 'returns/VA-1.jpg', 'product_images/12/ab.webp').
// The default keeps them under DATA_DIR/uploads; another backend can replace it by configuration.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '../../db/client';

export interface StoredObject {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

export interface ObjectStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z_]+(?:\/[\w-]+)*\/[\w-]+\.[a-z0-9]+$/i;

/** A key is a bucket folder and safe file names: no '..', no absolute paths, no empty segments. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif',
  svg: 'image/svg+xml', mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', pdf: 'application/pdf', csv: 'text/csv',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** Files on this host's disk (one server, or a folder every server mounts). */
export function localStorage(root: string): ObjectStorage {
  const file = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), body);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return { body: new Uint8Array(await readFile(file(key))), contentType: contentTypeOf(key) };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

let configured: ObjectStorage | undefined;

/** The store's storage: files under DATA_DIR/uploads. */
export function storage(): ObjectStorage {
  configured ??= localStorage(path.join(dataDir(), 'uploads'));
  return configured;
}
