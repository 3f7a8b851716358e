// The S3 backend against a small S3 server in this process (127.0.0.1, nothing leaves the machine): it
// checks every request's AWS Signature Version 4 with the secret both sides know, keeps objects in a Map
// and answers GetObject's Range header as S3 does.
import { createHash } from 'node:crypto';
import { mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '../config/env.server';
import { localStorage, s3Storage, type S3Options } from './storage.server';
import { serveUpload } from './uploads.server';

const credentials = {
  accessKeyId: 'AKIATESTSTORE',
  secretAccessKey: 'test-secret-key-for-the-fake',
  region: 'ap-south-1',
};
const objects = new Map<string, { body: Buffer; contentType: string }>();
/** Each request the fake answered: `range` as asked, `sentBytes` of object data in the answer. */
const seen: {
  method: string;
  path: string;
  authorization: string;
  payloadHash: string;
  range?: string;
  sentBytes: number;
}[] = [];
/** Off: the fake answers a ranged GET with the whole object (200), as HTTP allows a server to. */
let honoursRanges = true;
let server: Server;
let endpoint: string;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Recomputes the signature the client should have sent for this request. */
async function expectedAuthorization(request: IncomingMessage): Promise<string> {
  const authorization = request.headers.authorization ?? '';
  const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1].split(';') ?? [];
  const headers: Record<string, string> = {};
  for (const name of signed) if (name !== 'host') headers[name] = String(request.headers[name] ?? '');
  const signer = new AwsV4Signer({
    ...credentials,
    service: 's3',
    method: request.method,
    url: `http://${request.headers.host}${request.url}`,
    headers,
    datetime: String(request.headers['x-amz-date']),
  });
  return signer.authHeader();
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    const authorization = request.headers.authorization ?? '';
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    const record = {
      method: request.method!,
      path: request.url!,
      authorization,
      payloadHash,
      range: request.headers.range,
      sentBytes: 0,
    };
    seen.push(record);
    if (!authorization || authorization !== (await expectedAuthorization(request))) {
      response.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const key = decodeURIComponent(request.url!);
    if (request.method === 'PUT') {
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex')) {
        response.writeHead(400).end('<Error><Code>XAmzContentSHA256Mismatch</Code></Error>');
        return;
      }
      objects.set(key, { body, contentType: String(request.headers['content-type']) });
      response.writeHead(200).end();
    } else if (request.method === 'GET' || request.method === 'HEAD') {
      const object = objects.get(key);
      const range = honoursRanges ? /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '') : null;
      if (!object) {
        response.writeHead(404).end(request.method === 'GET' ? '<Error><Code>NoSuchKey</Code></Error>' : undefined);
      } else if (request.method === 'HEAD') {
        response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.byteLength }).end();
      } else if (range) {
        const [start, end] = [Number(range[1]), Math.min(Number(range[2]), object.body.byteLength - 1)];
        const part = object.body.subarray(start, end + 1);
        record.sentBytes = part.byteLength;
        response
          .writeHead(206, {
            'content-type': object.contentType,
            'content-range': `bytes ${start}-${end}/${object.body.byteLength}`,
          })
          .end(part);
      } else {
        record.sentBytes = object.body.byteLength;
        response.writeHead(200, { 'content-type': object.contentType }).end(object.body);
      }
    } else if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
    } else {
      response.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/storage/v1/s3`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const options = (overrides: Partial<S3Options> = {}): S3Options => ({
  endpoint,
  bucket: 'store-uploads',
  pathStyle: true,
  ...credentials,
  ...overrides,
});

describe('S3-compatible storage', () => {
  it('puts, gets and deletes an object with signed requests (path-style bucket)', async () => {
    const storage = s3Storage(options());
    const photo = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put('returns/VA-1042-ab12.png', photo, 'image/png');

    expect(objects.get('/storage/v1/s3/store-uploads/returns/VA-1042-ab12.png')?.contentType).toBe('image/png');
    const put = seen.at(-1)!;
    expect(put.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIATESTSTORE\/\d{8}\/ap-south-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(put.payloadHash).toBe(createHash('sha256').update(photo).digest('hex'));

    const stored = await storage.get('returns/VA-1042-ab12.png');
    expect(stored?.contentType).toBe('image/png');
    expect([...stored!.body]).toEqual([...photo]);

    await storage.delete('returns/VA-1042-ab12.png');
    expect(await storage.get('returns/VA-1042-ab12.png')).toBeNull();
    expect(seen.map((r) => r.method).slice(-4)).toEqual(['PUT', 'GET', 'DELETE', 'GET']);
  });

  it('streams a large upload (a Blob on disk) into the bucket, signed with its hash', async () => {
    const storage = s3Storage(options());
    const video = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 13) % 256);
    const folder = mkdtempSync(path.join(os.tmpdir(), 'store-s3-blob-'));
    writeFileSync(path.join(folder, 'video'), video);
    await storage.put('returns/VA-BLOB-0123456789ab.mp4', await openAsBlob(path.join(folder, 'video')), 'video/mp4');
    expect(seen.at(-1)?.payloadHash).toBe(createHash('sha256').update(video).digest('hex'));
    const stored = await storage.get('returns/VA-BLOB-0123456789ab.mp4');
    expect(stored?.body.byteLength).toBe(video.byteLength);
    expect(Buffer.from(stored!.body).equals(Buffer.from(video))).toBe(true);
    rmSync(folder, { recursive: true });
  });

  it('answers null for an object that is not there, and refuses keys outside the bucket layout', async () => {
    const storage = s3Storage(options());
    expect(await storage.get('avatars/nobody.png')).toBeNull();
    expect(await storage.get('../secrets.txt')).toBeNull();
    await expect(storage.put('avatars/../../x.png', new Uint8Array([1]), 'image/png')).rejects.toThrow(
      'Not a storage key',
    );
  });

  it('fails loudly when the service rejects the signature (wrong secret)', async () => {
    const storage = s3Storage(options({ secretAccessKey: 'not-the-right-secret' }));
    await expect(storage.put('avatars/a-1.png', new Uint8Array([1]), 'image/png')).rejects.toThrow(
      /answered 403.*SignatureDoesNotMatch/,
    );
  });
});

describe('a video served from S3 storage', () => {
  const video = new Uint8Array(10_000).map((_, i) => (i * 7) % 256);
  const get = (range?: string) => new Request('http://store.test/media/returns/x', { headers: range ? { range } : {} });
  const serve = (range?: string) => serveUpload(get(range), 'returns', 'VA-S3-0123456789ab.mp4', 'private');
  const storageEnv = [
    'STORAGE_BACKEND',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ] as const;
  const before = Object.fromEntries(storageEnv.map((name) => [name, process.env[name]]));

  beforeAll(async () => {
    Object.assign(process.env, {
      STORAGE_BACKEND: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'store-uploads',
      S3_REGION: credentials.region,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
    resetEnv();
    await s3Storage(options()).put('returns/VA-S3-0123456789ab.mp4', video, 'video/mp4');
  });

  afterAll(() => {
    for (const name of storageEnv) {
      if (before[name] === undefined) delete process.env[name];
      else process.env[name] = before[name];
    }
    resetEnv();
  });

  /** The requests the store made to the bucket while `step` ran. */
  async function bucketRequests<T>(step: () => Promise<T>) {
    const from = seen.length;
    const result = await step();
    return { result, requests: seen.slice(from).map(({ method, range, sentBytes }) => ({ method, range, sentBytes })) };
  }

  it('asks the bucket for just the range (GetObject Range header) and answers 206 with those bytes', async () => {
    const { result: part, requests } = await bucketRequests(() => serve('bytes=100-199'));
    expect(requests).toEqual([
      { method: 'HEAD', range: undefined, sentBytes: 0 },
      { method: 'GET', range: 'bytes=100-199', sentBytes: 100 },
    ]);
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/10000');
    expect(part.headers.get('content-length')).toBe('100');
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(video.slice(100, 200));

    const { result: tail, requests: tailRequests } = await bucketRequests(() => serve('bytes=-10'));
    expect(tailRequests.at(-1)).toEqual({ method: 'GET', range: 'bytes=9990-9999', sentBytes: 10 });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(video.slice(9990));
  });

  it('reads the whole object in one GET without a Range header, and answers 416 past the end without reading it', async () => {
    const { result: whole, requests } = await bucketRequests(() => serve());
    expect(requests).toEqual([{ method: 'GET', range: undefined, sentBytes: 10_000 }]);
    expect([whole.status, whole.headers.get('accept-ranges')]).toEqual([200, 'bytes']);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(video);

    const { result: past, requests: pastRequests } = await bucketRequests(() => serve('bytes=10000-'));
    expect(pastRequests.map((r) => r.method)).toEqual(['HEAD']);
    expect([past.status, past.headers.get('content-range')]).toEqual([416, 'bytes */10000']);
    expect((await serveUpload(get('bytes=0-1'), 'returns', 'VA-NONE-0123456789ab.mp4', 'private')).status).toBe(404);
  });

  it('still answers the right bytes when the service ignores the Range header', async () => {
    honoursRanges = false;
    try {
      const part = await serve('bytes=100-199');
      expect([part.status, part.headers.get('content-range')]).toEqual([206, 'bytes 100-199/10000']);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(video.slice(100, 200));
    } finally {
      honoursRanges = true;
    }
  });
});

describe('local storage', () => {
  it('streams a large upload (a Blob on disk) into its file, leaving no partial file behind', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'store-local-blob-'));
    const video = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31) % 256);
    writeFileSync(path.join(root, 'upload'), video);
    await localStorage(root).put(
      'returns/VA-LOCAL-0123456789ab.mp4',
      await openAsBlob(path.join(root, 'upload')),
      'video/mp4',
    );
    expect(
      Buffer.from(readFileSync(path.join(root, 'returns/VA-LOCAL-0123456789ab.mp4'))).equals(Buffer.from(video)),
    ).toBe(true);
    expect(() => readFileSync(path.join(root, 'returns/VA-LOCAL-0123456789ab.mp4.partial'))).toThrow();
    rmSync(root, { recursive: true });
  });
});
