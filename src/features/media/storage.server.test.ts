// The S3 backend against a small S3 server in this process: it checks every request's AWS Signature
// Version 4 with the secret both sides know, and keeps objects in a Map.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage, type S3Options } from './storage.server';

const credentials = { accessKeyId: 'AKIATESTSTORE', secretAccessKey: 'test-secret-key-for-the-fake', region: 'ap-south-1' };
const objects = new Map<string, { body: Buffer; contentType: string }>();
const seen: { method: string; path: string; authorization: string; payloadHash: string }[] = [];
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
    ...credentials, service: 's3', method: request.method, url: `http://${request.headers.host}${request.url}`,
    headers, datetime: String(request.headers['x-amz-date']),
  });
  return signer.authHeader();
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    const authorization = request.headers.authorization ?? '';
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    seen.push({ method: request.method!, path: request.url!, authorization, payloadHash });
    if (!authorization || authorization !== await expectedAuthorization(request)) {
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
    } else if (request.method === 'GET') {
      const object = objects.get(key);
      if (!object) response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      else response.writeHead(200, { 'content-type': object.contentType }).end(object.body);
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
  endpoint, bucket: 'store-uploads', pathStyle: true, ...credentials, ...overrides,
});

describe('S3-compatible storage', () => {
  it('puts, gets and deletes an object with signed requests (path-style bucket)', async () => {
    const storage = s3Storage(options());
    const photo = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put('returns/VA-1042-ab12.png', photo, 'image/png');

    expect(objects.get('/storage/v1/s3/store-uploads/returns/VA-1042-ab12.png')?.contentType).toBe('image/png');
    const put = seen.at(-1)!;
    expect(put.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATESTSTORE\/\d{8}\/ap-south-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
    expect(put.payloadHash).toBe(createHash('sha256').update(photo).digest('hex'));

    const stored = await storage.get('returns/VA-1042-ab12.png');
    expect(stored?.contentType).toBe('image/png');
    expect([...stored!.body]).toEqual([...photo]);

    await storage.delete('returns/VA-1042-ab12.png');
    expect(await storage.get('returns/VA-1042-ab12.png')).toBeNull();
    expect(seen.map((r) => r.method).slice(-4)).toEqual(['PUT', 'GET', 'DELETE', 'GET']);
  });

  it('answers null for an object that is not there, and refuses keys outside the bucket layout', async () => {
    const storage = s3Storage(options());
    expect(await storage.get('avatars/nobody.png')).toBeNull();
    expect(await storage.get('../secrets.txt')).toBeNull();
    await expect(storage.put('avatars/../../x.png', new Uint8Array([1]), 'image/png')).rejects.toThrow('Not a storage key');
  });

  it('fails loudly when the service rejects the signature (wrong secret)', async () => {
    const storage = s3Storage(options({ secretAccessKey: 'not-the-right-secret' }));
    await expect(storage.put('avatars/a-1.png', new Uint8Array([1]), 'image/png')).rejects.toThrow(/answered 403.*SignatureDoesNotMatch/);
  });
});
