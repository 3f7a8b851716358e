import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localStorage } from '../storage/storage.server';
import { handleForm } from './form.server';
import { readMultipartToDisk } from './multipart.server';

const MB = 1024 * 1024;
const BOUNDARY = '----store-test-boundary';

const uploadFolders = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith('store-upload-'));

/** Bytes in upload folders that were not there before (what the reader has written to disk so far). */
function bytesOnDisk(before: string[]) {
  let total = 0;
  for (const folder of uploadFolders().filter((name) => !before.includes(name)))
    for (const file of readdirSync(path.join(os.tmpdir(), folder)))
      total += statSync(path.join(os.tmpdir(), folder, file)).size;
  return total;
}

/**
 * A multipart body made chunk by chunk as it is read (never whole in this process's memory). `progress`
 * says how much of it was already on disk when the reader asked for its closing boundary: a reader that
 * streams has written nearly all of it by then; one that buffers, nothing.
 */
function streamedUpload(parts: ({ name: string; value: string } | { name: string; file: string; bytes: number })[]) {
  const progress = { onDiskBeforeEnd: -1 };
  const foldersBefore = uploadFolders();
  const encoder = new TextEncoder();
  const chunk = new Uint8Array(64 * 1024).map((_, i) => i % 251);
  async function* body() {
    for (const part of parts) {
      if ('value' in part) {
        yield encoder.encode(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        );
        continue;
      }
      yield encoder.encode(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file}"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      for (let sent = 0; sent < part.bytes; sent += chunk.byteLength)
        yield chunk.subarray(0, Math.min(chunk.byteLength, part.bytes - sent));
      yield encoder.encode('\r\n');
    }
    progress.onDiskBeforeEnd = bytesOnDisk(foldersBefore);
    yield encoder.encode(`--${BOUNDARY}--\r\n`);
  }
  const iterator = body();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  // No Content-Length, as a client streaming it would send it (a browser's would declare it: both exceed 2 MB).
  const request = new Request('http://store.test/order/VA-TEST/return', {
    method: 'POST',
    body: stream,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: 'half',
  } as RequestInit);
  return { request, progress };
}

describe('a large multipart upload', () => {
  it('arrives as fields and on-disk files in the order sent, written to disk as it streams in', async () => {
    const foldersBefore = uploadFolders().length;
    const upload = streamedUpload([
      { name: 'description', value: 'The jar arrived cracked.' },
      { name: 'video', file: 'unboxing.mp4', bytes: 24 * MB },
      { name: 'photos', file: 'one.jpg', bytes: 100_000 },
      { name: 'photos', file: 'two.jpg', bytes: 200_000 },
    ]);
    const { data, dispose } = await readMultipartToDisk(upload.request);
    // Nearly all of it was on disk before the body ended (request.formData() would have written nothing).
    expect(upload.progress.onDiskBeforeEnd).toBeGreaterThan(20 * MB);
    expect(data.get('description')).toBe('The jar arrived cracked.');
    const video = data.get('video') as File;
    expect(video.name).toBe('unboxing.mp4');
    expect(video.type).toBe('video/mp4');
    expect(video.size).toBe(24 * MB);
    expect((data.getAll('photos') as File[]).map((f) => [f.name, f.size])).toEqual([
      ['one.jpg', 100_000],
      ['two.jpg', 200_000],
    ]);
    // Its bytes are the ones sent, read back from disk.
    expect([...new Uint8Array(await video.slice(65_536 + 3, 65_536 + 6).arrayBuffer())]).toEqual([3, 4, 5]);

    expect(uploadFolders().length).toBe(foldersBefore + 1);
    await dispose();
    expect(uploadFolders().length).toBe(foldersBefore);
  });

  it('a body that is not multipart, or breaks off, rejects and leaves nothing on disk', async () => {
    const foldersBefore = uploadFolders();
    const broken = new Request('http://store.test/order/VA-TEST/return', {
      method: 'POST',
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="video"; filename="v.mp4"\r\n\r\nabc`,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    await expect(readMultipartToDisk(broken)).rejects.toThrow();
    const notMultipart = new Request('http://store.test/x', {
      method: 'POST',
      body: 'a=1',
      headers: { 'content-type': 'multipart/form-data' },
    });
    await expect(readMultipartToDisk(notMultipart)).rejects.toThrow();
    expect(uploadFolders()).toEqual(foldersBefore);
    expect(existsSync(os.tmpdir())).toBe(true);
  });

  it('a body that fails in the middle of a file (the client went away) rejects with its error, not hangs', async () => {
    const foldersBefore = uploadFolders();
    const gone = new Error('aborted');
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1)
          controller.enqueue(
            new TextEncoder().encode(
              `--${BOUNDARY}\r\nContent-Disposition: form-data; name="video"; filename="v.mp4"\r\n\r\n`,
            ),
          );
        else if (pulls < 5) controller.enqueue(new Uint8Array(64 * 1024));
        else controller.error(gone);
      },
    });
    const request = new Request('http://store.test/order/VA-TEST', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    } as RequestInit);
    await expect(readMultipartToDisk(request)).rejects.toBe(gone);
    expect(uploadFolders()).toEqual(foldersBefore);
  });
});

describe('a page taking a large upload (handleForm)', () => {
  it('streams the video from the request to storage, and leaves no temporary file behind', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'store-streamed-storage-'));
    const foldersBefore = uploadFolders().length;
    const upload = streamedUpload([
      { name: 'intent', value: 'return' },
      { name: 'video', file: 'unboxing.mp4', bytes: 24 * MB },
    ]);
    const { outcome } = await handleForm(
      {
        request: upload.request,
        response: {},
        redirect: (to) => new Response(null, { status: 303, headers: { location: to } }),
      },
      async (form) => {
        expect(uploadFolders().length).toBe(foldersBefore + 1);
        await localStorage(root).put('returns/VA-TEST-0123456789ab.mp4', form.data.get('video') as File, 'video/mp4');
        return { ok: true, notice: 'stored' };
      },
    );
    expect(outcome).toEqual({ ok: true, notice: 'stored' });
    expect(upload.progress.onDiskBeforeEnd).toBeGreaterThan(20 * MB);
    expect(statSync(path.join(root, 'returns/VA-TEST-0123456789ab.mp4')).size).toBe(24 * MB);
    expect(uploadFolders().length).toBe(foldersBefore);
    rmSync(root, { recursive: true });
  });
});
