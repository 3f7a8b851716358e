// Where uploaded files live, behind one interface so several store processes can share them.
// Keys are bucket paths ('avatars/x.png', 'returns/VA-1.jpg', 'product_images/12/ab.webp').
// STORAGE_BACKEND chooses: 'local' (default) keeps them under DATA_DIR/uploads; 's3' puts them in a
// bucket of any S3-compatible service (Supabase Storage, MinIO, AWS S3, R2).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { dataDir } from '../../db/client';
import { env } from '../config/env.server';
import type { ByteRange } from './byte-range';

export interface StoredObject {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

/** What is stored: bytes, or a Blob (a large upload on disk), which is streamed, never read whole. */
export type StoredBody = Uint8Array | Blob;

const streamOf = (blob: Blob) => Readable.fromWeb(blob.stream() as unknown as WebReadableStream<Uint8Array>);

export interface ObjectStorage {
  put(key: string, body: StoredBody, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Size and type without reading the object; null when none. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  /** Bytes start..end (inclusive) of the object, read alone (for HTTP Range requests); null when none. */
  getRange(key: string, range: ByteRange): Promise<Uint8Array<ArrayBuffer> | null>;
}

const KEY = /^[a-z_]+(?:\/[\w-]+)*\/[\w-]+\.[a-z0-9]+$/i;

/** A key is a bucket folder and safe file names: no '..', no absolute paths, no empty segments. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
  csv: 'text/csv',
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
      if (body instanceof Blob) {
        // Written beside it, then renamed: a reader never sees half a file.
        const partial = `${file(key)}.partial`;
        try {
          await pipeline(streamOf(body), createWriteStream(partial));
          await rename(partial, file(key));
        } finally {
          await rm(partial, { force: true });
        }
      } else {
        await writeFile(file(key), body);
      }
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
    async stat(key) {
      if (!isStorageKey(key)) return null;
      try {
        const info = await stat(file(key));
        return info.isFile() ? { size: info.size, contentType: contentTypeOf(key) } : null;
      } catch {
        return null;
      }
    },
    async getRange(key, range) {
      if (!isStorageKey(key)) return null;
      const handle = await open(file(key), 'r').catch(() => null);
      if (!handle) return null;
      try {
        const body = new Uint8Array(range.end - range.start + 1);
        const { bytesRead } = await handle.read(body, 0, body.length, range.start);
        return body.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
  };
}

export interface S3Options {
  /** The service's S3 URL, e.g. https://<project>.supabase.co/storage/v1/s3 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (endpoint/bucket/key, what Supabase and MinIO need) or in the host name. */
  pathStyle: boolean;
}

/** Objects in an S3-compatible bucket, each request signed with AWS Signature Version 4. */
export function s3Storage(options: S3Options): ObjectStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
  });
  const base = new URL(options.endpoint);
  const folder = base.pathname.replace(/\/+$/, '') + (options.pathStyle ? `/${options.bucket}` : '');
  if (!options.pathStyle) base.hostname = `${options.bucket}.${base.hostname}`;
  const objectUrl = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
    const url = new URL(base);
    url.pathname = `${folder}/${key}`;
    return url.toString();
  };
  const fail = async (action: string, key: string, response: Response) => {
    throw new Error(`Storage ${action} ${key} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  };
  return {
    async put(key, body, contentType) {
      // A signed payload hash (not UNSIGNED-PAYLOAD): the service rejects a body changed on the way. A Blob
      // is read twice as a stream (hash, then send), never whole.
      const hash = createHash('sha256');
      if (body instanceof Blob) for await (const chunk of streamOf(body)) hash.update(chunk);
      else hash.update(body);
      const response = await client.fetch(objectUrl(key), {
        method: 'PUT',
        body: body as Uint8Array<ArrayBuffer> | Blob,
        headers: {
          'content-type': contentType,
          'content-length': String(body instanceof Blob ? body.size : body.byteLength),
          'x-amz-content-sha256': hash.digest('hex'),
        },
      });
      if (!response.ok) await fail('put', key, response);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const response = await client.fetch(objectUrl(key), { method: 'GET' });
      if (response.status === 404) return null;
      if (!response.ok) await fail('get', key, response);
      return {
        body: new Uint8Array(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? contentTypeOf(key),
      };
    },
    async delete(key) {
      const response = await client.fetch(objectUrl(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) await fail('delete', key, response);
    },
    async stat(key) {
      if (!isStorageKey(key)) return null;
      const response = await client.fetch(objectUrl(key), { method: 'HEAD' });
      if (response.status === 404) return null;
      if (!response.ok) await fail('head', key, response);
      return {
        size: Number(response.headers.get('content-length')),
        contentType: response.headers.get('content-type') ?? contentTypeOf(key),
      };
    },
    async getRange(key, range) {
      if (!isStorageKey(key)) return null;
      // GetObject's Range header: only the bytes asked for leave the bucket.
      const response = await client.fetch(objectUrl(key), {
        method: 'GET',
        headers: { range: `bytes=${range.start}-${range.end}` },
      });
      if (response.status === 404) return null;
      if (!response.ok) await fail('get', key, response);
      const body = new Uint8Array(await response.arrayBuffer());
      return response.status === 206 ? body : body.slice(range.start, range.end + 1); // a service that ignored the range sent it all
    },
  };
}

let configured: ObjectStorage | undefined;

/** The store's storage, as STORAGE_BACKEND configures it. */
export function storage(): ObjectStorage {
  const config = env();
  configured ??=
    config.STORAGE_BACKEND === 's3'
      ? s3Storage({
          // env validation makes these present when the backend is s3
          endpoint: config.S3_ENDPOINT!,
          bucket: config.S3_BUCKET!,
          region: config.S3_REGION,
          accessKeyId: config.S3_ACCESS_KEY_ID!,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
          pathStyle: config.S3_FORCE_PATH_STYLE,
        })
      : localStorage(path.join(dataDir(), 'uploads'));
  return configured;
}
